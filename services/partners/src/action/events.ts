export type PartnerActionCreated = {
  type: 'PartnerActionCreated';
  data: { id: string; partnerId: string; actionText: string; dueDate: string | null; at: string };
};
export type PartnerActionNotesSaved = {
  type: 'PartnerActionNotesSaved';
  data: { id: string; partnerId: string; notes: string | null; at: string };
};
export type PartnerActionCompleted = {
  type: 'PartnerActionCompleted';
  data: { id: string; partnerId: string; completedAt: string };
};
export type PartnerActionReopened = {
  type: 'PartnerActionReopened';
  data: { id: string; partnerId: string; at: string };
};
export type PartnerActionEvent =
  PartnerActionCreated | PartnerActionNotesSaved | PartnerActionCompleted | PartnerActionReopened;

export const actionStreamId = (id: string) => `partner-action-${id}`;

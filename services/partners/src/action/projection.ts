import type { PartnerAction } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import type { PartnerActionEvent } from './events';

export const PARTNER_ACTIONS = 'partner_actions';
export type PartnerActionRow = Omit<PartnerAction, 'isOverdue'> & { order: number; version: number };

export const actionRows = (models: ReadModels) =>
  models.collection<PartnerActionRow>(PARTNER_ACTIONS, {
    indexes: [
      ['partnerId', 'order'],
      ['isCompleted', 'order'],
    ],
  });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Overdue: the due date is past and the action is not completed. A date without a time is due until the end of
 * that day (UTC), so an action due today is not yet overdue; a date-time is due at that instant.
 */
export function isOverdue(row: Pick<PartnerAction, 'dueDate' | 'isCompleted'>, now: Date): boolean {
  if (row.isCompleted || !row.dueDate) return false;
  const due = DATE_ONLY.test(row.dueDate)
    ? Date.parse(`${row.dueDate}T00:00:00.000Z`) + 86_400_000
    : Date.parse(row.dueDate);
  return !Number.isNaN(due) && now.getTime() >= due;
}

export const actionView = (
  { order: _o, version: _v, ...row }: PartnerActionRow,
  now: Date,
): PartnerAction => ({
  ...row,
  isOverdue: isOverdue(row, now),
});

export const partnerActionProjection = defineRowProjection<PartnerActionEvent, PartnerActionRow>({
  collection: PARTNER_ACTIONS,
  rows: actionRows,
  create: {
    PartnerActionCreated: ({ data, position }) => ({
      id: data.id,
      partnerId: data.partnerId,
      actionText: data.actionText,
      dueDate: data.dueDate,
      notes: null,
      isCompleted: false,
      completedAt: null,
      createdAt: data.at,
      order: position,
    }),
  },
  update: {
    PartnerActionNotesSaved: (row, { data }) => ({ ...row, notes: data.notes }),
    PartnerActionCompleted: (row, { data }) => ({ ...row, isCompleted: true, completedAt: data.completedAt }),
    PartnerActionReopened: (row) => ({ ...row, isCompleted: false, completedAt: null }),
  },
});

import type { PartnerAction } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
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

const FOLLOW_UPS = new Set(['PartnerActionNotesSaved', 'PartnerActionCompleted', 'PartnerActionReopened']);

export const partnerActionProjection = defineProjection<PartnerActionEvent>({
  collections: [PARTNER_ACTIONS],
  async apply(event, models) {
    const rows = actionRows(models);
    if (event.type === 'PartnerActionCreated') {
      const d = event.data;
      // The revision guard: a replayed creation must not reset a row that later events already changed.
      const existing = await rows.get(d.id);
      if (existing && existing.version >= event.version) return;
      await rows.put({
        id: d.id,
        partnerId: d.partnerId,
        actionText: d.actionText,
        dueDate: d.dueDate,
        notes: null,
        isCompleted: false,
        completedAt: null,
        createdAt: d.at,
        order: event.position,
        version: event.version,
      });
      return;
    }
    if (!FOLLOW_UPS.has(event.type)) return;
    const row = await rows.get(event.data.id);
    if (!row || row.version >= event.version) return; // revision guard: a replay is a no-op
    const next = { ...row, version: event.version };
    switch (event.type) {
      case 'PartnerActionNotesSaved':
        await rows.put({ ...next, notes: event.data.notes });
        return;
      case 'PartnerActionCompleted':
        await rows.put({ ...next, isCompleted: true, completedAt: event.data.completedAt });
        return;
      case 'PartnerActionReopened':
        await rows.put({ ...next, isCompleted: false, completedAt: null });
        return;
    }
  },
});

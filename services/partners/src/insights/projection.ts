import { partnerStatuses, partnerTypes, type PartnerStatus, type PartnerType } from '@12yards/api';
import { defineProjection, type ReadModels, type StoredEvent } from '@12yards/platform';
import { counterLedger, spanLedger } from '@12yards/workbench';
import type { PartnerActionEvent } from '../action/events';
import type { ContactEvent } from '../contact/events';
import type { PartnerEvent } from '../partner/events';

/**
 * The partners service's dashboard read models (GET /internal/insights, composed by the gateway), kept from its events (at the time each
 * records, as the service's clock gave it): counters of partners
 * per type and status, of applications and of partners gained (as they moved, so any past moment can be read), each
 * partner's first contract, and the spans of open messages and open action items.
 */
export const insightCounters = counterLedger('partner_insights');
/** A message is open (unread or read, not responded) from its arrival until it is responded to. */
export const openMessages = spanLedger<{ receivedAt: string }>('partner_insight_messages', ['receivedAt']);
/** An action item with a due date is open until completed; it is overdue from `dueAt` on. */
export const openActions = spanLedger<{ dueAt: string }>('partner_insight_actions', ['dueAt']);

/** What the dashboard keeps of a partner: its type and status now, when it applied and when its first contract came. */
export interface PartnerInsightRow {
  id: string;
  type: PartnerType;
  status: PartnerStatus;
  appliedAt: string;
  firstContractAt: string | null;
  /** Days from the application to the first contract. */
  daysToContract: number | null;
  position: number;
}
export const PARTNER_INSIGHTS = 'partner_insight_partners';
export const partnerInsightRows = (models: ReadModels) =>
  models.collection<PartnerInsightRow>(PARTNER_INSIGHTS, { indexes: [['firstContractAt']] });

export const statusKey = (type: PartnerType, status: PartnerStatus) => `status|${type}|${status}`;
export const STATUS_KEYS = partnerTypes.flatMap((t) => partnerStatuses.map((s) => statusKey(t, s)));
export const APPLICATIONS = 'applications';
export const PARTNERS_GAINED = 'partners-gained';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant an action is overdue from (as isOverdue reads it): a date is due until the end of that day (UTC). */
export function dueInstant(dueDate: string): string | null {
  const due = DATE_ONLY.test(dueDate) ? Date.parse(`${dueDate}T00:00:00.000Z`) + DAY_MS : Date.parse(dueDate);
  return Number.isNaN(due) ? null : new Date(due).toISOString();
}

type InsightEvent = PartnerEvent | ContactEvent | PartnerActionEvent;

/** Moves the counters for a partner leaving one type/status and entering another (either may be absent). */
async function move(
  models: ReadModels,
  event: StoredEvent,
  at: string,
  from: { type: PartnerType; status: PartnerStatus } | null,
  to: { type: PartnerType; status: PartnerStatus },
) {
  if (from && from.type === to.type && from.status === to.status) return;
  if (from) await insightCounters.add(models, event, statusKey(from.type, from.status), -1, at);
  await insightCounters.add(models, event, statusKey(to.type, to.status), 1, at);
  if (to.status === 'Partner' && from?.status !== 'Partner')
    await insightCounters.add(models, event, PARTNERS_GAINED, 1, at);
}

async function applyPartner(models: ReadModels, event: StoredEvent & PartnerEvent) {
  const rows = partnerInsightRows(models);
  const { at } = event.data;
  if (event.type === 'PartnerApplicationSubmitted') {
    // A partner's first event makes its row without reading it first: the counters skip a replay by their own
    // positions, and the insert leaves a row already there (as new or newer) as it is.
    const next = { type: event.data.type, status: event.data.status };
    await insightCounters.add(models, event, APPLICATIONS, 1, at);
    await move(models, event, at, null, next);
    await rows.insert({
      id: event.data.id,
      ...next,
      appliedAt: at,
      firstContractAt: null,
      daysToContract: null,
      position: event.position,
    });
    return;
  }
  const row = await rows.get(event.data.id);
  if (row && row.position >= event.position) return; // a replay
  switch (event.type) {
    case 'PartnerDetailsChanged':
    case 'PartnerStatusChanged':
    case 'PartnerPromoted': {
      if (!row) return;
      const next = {
        type: event.type === 'PartnerDetailsChanged' ? event.data.type : row.type,
        status: event.type === 'PartnerDetailsChanged' ? row.status : event.data.status,
      };
      await move(models, event, at, row, next);
      const first = event.type === 'PartnerPromoted' && row.firstContractAt === null;
      await rows.put({
        ...row,
        ...next,
        ...(first && {
          firstContractAt: at,
          daysToContract: (Date.parse(at) - Date.parse(row.appliedAt)) / DAY_MS,
        }),
        position: event.position,
      });
      return;
    }
    default:
      return;
  }
}

export const partnerInsightsProjection = defineProjection<InsightEvent>({
  collections: [
    ...insightCounters.collections,
    ...openMessages.collections,
    ...openActions.collections,
    PARTNER_INSIGHTS,
  ],
  async apply(event, models) {
    switch (event.type) {
      case 'PartnerApplicationSubmitted':
      case 'PartnerDetailsChanged':
      case 'PartnerStatusChanged':
      case 'PartnerPromoted':
        return applyPartner(models, event);
      case 'ContactMessageReceived':
        return openMessages.set(models, event, event.data.id, { receivedAt: event.data.at }, event.data.at);
      case 'ContactStatusChanged': {
        const { id, at } = event.data;
        const open = await openMessages.current(models, id);
        if (event.data.status === 'responded') return openMessages.set(models, event, id, null, at);
        // Back from responded: open again, waiting since it arrived.
        if (!open) {
          const arrived = await openMessages.first(models, id);
          if (arrived) await openMessages.set(models, event, id, { receivedAt: arrived.receivedAt }, at);
        }
        return;
      }
      case 'PartnerActionCreated': {
        const dueAt = event.data.dueDate ? dueInstant(event.data.dueDate) : null;
        return openActions.set(models, event, event.data.id, dueAt ? { dueAt } : null, event.data.at);
      }
      case 'PartnerActionCompleted':
        return openActions.set(models, event, event.data.id, null, event.data.completedAt);
      case 'PartnerActionReopened': {
        const first = await openActions.first(models, event.data.id);
        return openActions.set(
          models,
          event,
          event.data.id,
          first ? { dueAt: first.dueAt } : null,
          event.data.at,
        );
      }
      default:
        return;
    }
  },
});

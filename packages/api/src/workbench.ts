import { z } from 'zod';
import { opaqueCursor, pageCursor, pageLimit, toBase64Url } from './pagination';

/**
 * The admin workbench: history of every entity (read from its event stream), the recent-activity feed across
 * services, live updates over server-sent events, and the trash. Shared by the services, the gateway and the admin app.
 */

/** Every entity type whose history can be asked for, and the service that keeps its events. */
export const ENTITY_SERVICES = {
  news: 'content',
  faq: 'content',
  'gallery-item': 'content',
  setting: 'content',
  partner: 'partners',
  'partner-action': 'partners',
  contact: 'partners',
  contract: 'contracts',
  'contract-template': 'contracts',
  media: 'media',
  'service-status': 'status',
} as const;

export type EntityType = keyof typeof ENTITY_SERVICES;
export type WorkbenchService = (typeof ENTITY_SERVICES)[EntityType];
export const ENTITY_TYPES = Object.keys(ENTITY_SERVICES) as [EntityType, ...EntityType[]];
export const entityType = z.enum(ENTITY_TYPES, {
  error: `must be one of ${ENTITY_TYPES.join(', ')}`,
});

/** A field's value before and after one change (absent on one side: null). */
export const fieldChange = z.object({ from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChange>;

/** One event of an entity's stream, in words a person reads: who, when, what, and which fields changed. */
export const historyEntry = z.object({
  /** The event's id: stable, unique. */
  id: z.string(),
  at: z.string(),
  /** Who caused it: an admin's email or name, or the event or process that caused it (e.g. "ContractCreated"). */
  actor: z.string(),
  /** The internal event type, e.g. NewsArticleUpdated. */
  type: z.string(),
  /** The event type in plain words, e.g. "Published", "Title changed", "Moved to trash". */
  summary: z.string(),
  changes: z.record(z.string(), fieldChange),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyResponse = z.array(historyEntry);

/** One change in the activity feed: a history entry with the entity it belongs to. */
export const activityEntry = historyEntry.extend({
  entityType,
  entityId: z.string(),
  /** A name a person recognises the entity by (title, company name, question...), when the service has one. */
  entityLabel: z.string().nullable(),
  /** Position of the event in its service's store: with `at`, the feed's total order. */
  position: z.number().int(),
  service: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
export const activityResponse = z.array(activityEntry);
/** Header of a feed page that some services did not answer for: their names, comma-separated (their changes come later). */
export const ACTIVITY_UNAVAILABLE_HEADER = 'Activity-Unavailable';

/** A service's `GET /internal/activity?limit=&cursor=&entityType=&actor=`: newest first, paged by the `Link` header. */
export const activityQuery = z.object({
  limit: pageLimit,
  cursor: pageCursor.optional(),
  entityType: entityType.optional(),
  actor: z.string().trim().min(1).max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

/** The services that keep entities' events, each once. */
export const WORKBENCH_SERVICES = [...new Set(Object.values(ENTITY_SERVICES))] as [
  WorkbenchService,
  ...WorkbenchService[],
];
export const workbenchService = z.enum(WORKBENCH_SERVICES);

/**
 * Where the gateway's merged activity feed stands: per service, the position its next page starts before (0: that
 * service has nothing more; absent: from its newest). Carried opaque in the feed's cursor.
 */
export const activityFeedPositions = z.partialRecord(workbenchService, z.number().int().min(0));
export type ActivityFeedPositions = z.infer<typeof activityFeedPositions>;
export const activityFeedCursor = opaqueCursor((json) => activityFeedPositions.parse(json));
export const encodeActivityFeedCursor = (positions: ActivityFeedPositions) =>
  toBase64Url(JSON.stringify(positions));
/** The gateway's `GET /api/admin/activity`: the services' query, with the merged feed's cursor. */
export const activityFeedQuery = activityQuery.extend({ cursor: activityFeedCursor.optional() });

/** The live updates an admin cares about, pushed on `GET /api/admin/events` (`text/event-stream`). */
export const LIVE_EVENT_KINDS = [
  'application-submitted',
  'application-changed',
  'message-received',
  'message-changed',
  'contract-created',
  'contract-changed',
  'document-generated',
  'status-changed',
  'content-changed',
  'media-changed',
] as const;
export const liveEventKind = z.enum(LIVE_EVENT_KINDS);
export type LiveEventKind = z.infer<typeof liveEventKind>;

/** The `data:` of one server-sent event; its SSE `id:` is `id`, its SSE `event:` is `kind`. */
export const liveEvent = z.object({
  id: z.string(),
  kind: liveEventKind,
  at: z.string(),
  entityType: entityType.optional(),
  entityId: z.string().optional(),
  /** A short line for a toast, e.g. "New application from FC Example". */
  title: z.string().optional(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
/**
 * The SSE `event:` telling a client that reconnected with a Last-Event-ID the gateway no longer holds (older than its
 * buffer, or from another gateway run) to refetch everything: what it missed cannot be replayed.
 */
export const LIVE_RESYNC_EVENT = 'resync';

/** Items moved to the trash stay this long before the sweep deletes them for good. */
export const TRASH_RETENTION_DAYS = 30;
export const TRASH_ENTITY_TYPES = ['news', 'faq', 'media', 'gallery-item'] as const;
export const trashEntityType = z.enum(TRASH_ENTITY_TYPES);
export type TrashEntityType = z.infer<typeof trashEntityType>;

/** One item in the trash. */
export const trashItem = z.object({
  entityType: trashEntityType,
  id: z.string(),
  label: z.string(),
  trashedAt: z.string(),
  trashedBy: z.string(),
  /** When the sweep deletes it for good: trashedAt + TRASH_RETENTION_DAYS. */
  purgeAt: z.string(),
  version: z.number().int(),
});
export type TrashItem = z.infer<typeof trashItem>;
export const trashResponse = z.array(trashItem);

/** `DELETE /api/admin/trash`: how many items were deleted for good. */
export const trashEmptied = z.object({ purged: z.number().int() });
export type TrashEmptied = z.infer<typeof trashEmptied>;

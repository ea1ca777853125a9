import type { Router } from 'express';
import { z } from 'zod';
import { encodeCursor, nextLink, type ActivityEntry, type HistoryEntry } from '@12yards/api';
import { fanOutRoutes, workbenchRoutes as routes } from '@12yards/api/src/routes';
import {
  type EventStore,
  type StoredEvent,
  NotFound,
  contractRoutes,
  HttpError,
  parse,
} from '@12yards/platform';
import { entityOfStream, foldHistory, type EntityHistory } from './history';

/** The entity types one service keeps history for (its src/history.ts). */
export interface ServiceHistory {
  /** The service's name, as the activity feed's entries carry it. */
  service: string;
  entities: readonly EntityHistory[];
}

/** What the routes need of a service's context. */
export interface WorkbenchSite {
  env: { INTERNAL_SECRET: string };
  infra: { eventStore: EventStore };
}

const historyParams = z.object(routes.history.params);
/** The feed's own cursor names the position the next page starts before. */
const CURSOR_ID = 'activity';
/** Events read from the store per step of a filtered walk back. */
const SCAN_BATCH = 500;

/** The cursor of a service's activity page that starts before this position (its Link header's, and the gateway's). */
export const activityCursor = (before: number) => encodeCursor({ values: [before], id: CURSOR_ID });

function positionOf(cursor: { values: unknown[]; id: string } | undefined): number | undefined {
  if (!cursor) return undefined;
  const [position] = cursor.values;
  if (
    cursor.id !== CURSOR_ID ||
    cursor.values.length !== 1 ||
    !Number.isSafeInteger(position) ||
    Number(position) < 1
  )
    throw new HttpError(
      400,
      'validation_failed',
      'Invalid input: cursor: must be the cursor of a previous page',
    );
  return Number(position);
}

/** The history of each stream a page touches, folded once per request. */
class Histories {
  private readonly folded = new Map<
    string,
    Promise<{ entries: Map<string, HistoryEntry>; label: string | null }>
  >();

  constructor(private readonly store: EventStore) {}

  of(entity: EntityHistory, streamId: string, id: string) {
    let found = this.folded.get(streamId);
    if (!found) {
      found = this.store.read(streamId).then((events) => {
        const { entries, fields } = foldHistory(entity, events);
        return { entries: new Map(entries.map((e) => [e.id, e])), label: entity.label(fields, id) };
      });
      this.folded.set(streamId, found);
    }
    return found;
  }
}

/**
 * The newest changes of the service's entities before `before`, at most `limit + 1` of them (one more tells that
 * another page follows). Streams that are no entity (internal copies, uploads) are skipped.
 */
async function activityPage(
  store: EventStore,
  { service, entities }: ServiceHistory,
  query: { limit: number; before?: number; entityType?: string; actor?: string },
): Promise<ActivityEntry[]> {
  const actor = query.actor?.toLowerCase();
  const histories = new Histories(store);
  const picked: { event: StoredEvent; entity: EntityHistory; id: string }[] = [];
  let before = query.before;
  while (picked.length <= query.limit) {
    const batch = await store.readAllBackward(before, SCAN_BATCH);
    for (const event of batch) {
      const owner = entityOfStream(entities, event.streamId);
      if (!owner || (query.entityType && owner.entity.entityType !== query.entityType)) continue;
      if (
        actor &&
        (await histories.of(owner.entity, event.streamId, owner.id)).entries
          .get(event.id)
          ?.actor.toLowerCase() !== actor
      )
        continue;
      picked.push({ event, ...owner });
      if (picked.length > query.limit) break;
    }
    if (batch.length < SCAN_BATCH) break;
    before = batch.at(-1)!.position;
  }
  return Promise.all(
    picked.map(async ({ event, entity, id }) => {
      const { entries, label } = await histories.of(entity, event.streamId, id);
      return {
        ...entries.get(event.id)!,
        entityType: entity.entityType as ActivityEntry['entityType'],
        entityId: id,
        entityLabel: label,
        position: event.position,
        service,
      };
    }),
  );
}

/**
 * `GET /api/admin/history/:entityType/:id` (the entity's events in words, oldest first; 404 when it has none) and
 * `GET /internal/activity?limit=&cursor=&entityType=&actor=` (this service's changes, newest first, paged by the
 * Link header), for any admin role, on their route contracts. Each service mounts it with its own declaration.
 */
export function workbenchRoutes(site: WorkbenchSite, history: ServiceHistory): Router {
  const { router, on } = contractRoutes(site.env.INTERNAL_SECRET);
  const store = site.infra.eventStore;

  on(
    routes.history,
    async ({ params: { entityType, id } }) => {
      const entity = history.entities.find((e) => e.entityType === entityType);
      const events = entity ? await store.read(`${entity.streamPrefix}${id}`) : [];
      if (!entity || events.length === 0)
        throw new NotFound(`No ${entityType} with id ${id} has any history`);
      return { status: 200, body: foldHistory(entity, events).entries };
    },
    // One schema of both, so that a 400 names the parameter.
    { params: (raw) => parse(historyParams, raw) },
  );

  on(fanOutRoutes.activity, async ({ query, req, res }) => {
    const page = await activityPage(store, history, {
      limit: query.limit,
      before: positionOf(query.cursor),
      entityType: query.entityType,
      actor: query.actor,
    });
    const items = page.slice(0, query.limit);
    if (page.length > query.limit) {
      res.set('Link', nextLink(req.originalUrl, activityCursor(items.at(-1)!.position)));
    }
    return { status: 200, body: items };
  });

  return router;
}

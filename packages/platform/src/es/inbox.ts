import { createHash } from 'node:crypto';
import type {
  EventBus,
  EventHandler,
  ReadModels,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from '../ports';

/**
 * Subscribes with an inbox: event ids already handled by this group are skipped, so a redelivered event changes
 * nothing. Handlers should also append with deterministicEventId(), which makes a duplicate append fail even if the
 * process died between the handler's write and the inbox record. Events `passBy` names are neither handled nor
 * recorded: a consumer pays no inbox round trip for the events it does not react to.
 */
export async function subscribeIdempotent(
  bus: EventBus,
  models: ReadModels,
  group: string,
  topics: string[],
  handler: EventHandler,
  passBy?: (event: StoredEvent, topic: string) => boolean,
  options?: SubscribeOptions,
): Promise<Subscription> {
  const inbox = models.collection<{ id: string; group: string; at: string }>('inbox');
  return bus.subscribe(
    group,
    topics,
    async (event, topic) => {
      if (passBy?.(event, topic)) return;
      const key = `${group}:${event.id}`;
      if (await inbox.get(key)) return;
      await handler(event, topic);
      await inbox.insert({ id: key, group, at: new Date().toISOString() });
    },
    options,
  );
}

/** A uuid-shaped id derived from a source event and a purpose: the same inputs always give the same id. */
export function deterministicEventId(sourceEventId: string, purpose: string): string {
  const h = createHash('sha256').update(`${purpose}:${sourceEventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

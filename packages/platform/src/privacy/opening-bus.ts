import type { EventBus, EventHandler, StoredEvent } from '../ports';
import type { Logger } from '../observability/logging';
import { decryptField, ERASED_PERSONAL_DATA, isEncryptedField } from './field-cipher';
import type { SubjectKeys } from './subject-keys';

/**
 * How each message this module opened can be opened again: with the producer's keys as they are then, so a copy a
 * consumer keeps (the gateway's replay buffer of live events) need not hold the plain text and reads "Erased personal
 * data" once the subject was erased. Weak: gone with the opened message.
 */
const reopeners = new WeakMap<StoredEvent, () => Promise<StoredEvent>>();

/**
 * The message as its producer's keys open it now, for a message {@link openMessage} opened (its personal fields were
 * encrypted), or one an opening bus delivered unopened (mode 'when-asked'); undefined for any other (nothing of it
 * was encrypted, or it did not come through an opening bus).
 */
export function reopener(opened: StoredEvent): (() => Promise<StoredEvent>) | undefined {
  return reopeners.get(opened);
}

/**
 * An integration event's personal fields travel as the producer stored them: encrypted with the data subject's key
 * (the subject is the source event's stream, the context its field's name). This opens them for the handler with the
 * producer's keys; once the subject was erased they read "Erased personal data". Everything else is left as it is.
 */
export async function openMessage(
  event: StoredEvent,
  keys: SubjectKeys | null,
  logger?: Logger,
): Promise<StoredEvent> {
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return event;
  const sealed = Object.entries(data).filter(([, v]) => isEncryptedField(v));
  if (sealed.length === 0) return event;
  const key = keys ? await keys.existingKey(event.streamId) : null;
  const opened = { ...data };
  for (const [field, value] of sealed) {
    try {
      opened[field] = key
        ? decryptField(key, `${event.streamId}|${field}`, value as string)
        : ERASED_PERSONAL_DATA;
    } catch (err) {
      // A ciphertext that does not open with the subject's key is unreadable: it is not passed on as it is.
      logger?.warn(
        { err, eventId: event.id, field },
        'an encrypted field of an integration event could not be read',
      );
      opened[field] = ERASED_PERSONAL_DATA;
    }
  }
  const result = { ...event, data: opened };
  reopeners.set(result, () => openMessage(event, keys, logger));
  return result;
}

/** Whether a field of the message's data is encrypted (delivered unopened, or never opened). */
export function hasEncryptedFields(event: StoredEvent): boolean {
  const data = event.data as Record<string, unknown> | null;
  return Boolean(data && typeof data === 'object' && Object.values(data).some(isEncryptedField));
}

/**
 * How a consumer gets the personal fields of the messages it is delivered: opened before its handler runs
 * ('at-once'), or left encrypted, each message opened only when the handler asks ({@link reopener}), for a consumer
 * that needs them for few of its messages (the gateway: only to show an event to an admin watching live).
 */
export type OpeningMode = 'at-once' | 'when-asked';

/** The bus with each delivered message's personal fields opened with its producer's keys (`keysOf` the topic). */
export function openingBus(
  bus: EventBus,
  keysOf: (topic: string) => Promise<SubjectKeys | null>,
  logger?: Logger,
  mode: OpeningMode = 'at-once',
): EventBus {
  const keysOfTopic = (topic: string) => keysOf(topic.replace(/\.dlq$/, ''));
  return {
    get needsRelay() {
      return bus.needsRelay;
    },
    publish: (topic, events) => bus.publish(topic, events),
    subscribe: (group, topics, handler, options) => {
      const opening: EventHandler =
        mode === 'at-once'
          ? async (event, topic) => handler(await openMessage(event, await keysOfTopic(topic), logger), topic)
          : async (event, topic) => {
              if (hasEncryptedFields(event))
                reopeners.set(event, async () => openMessage(event, await keysOfTopic(topic), logger));
              return handler(event, topic);
            };
      return bus.subscribe(group, topics, opening, options);
    },
    ready: () => bus.ready(),
    close: () => bus.close(),
  };
}

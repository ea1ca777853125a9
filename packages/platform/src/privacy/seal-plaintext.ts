import { createHash } from 'node:crypto';
import type { EventStore, ReadModels, StoredEvent } from '../ports';
import type { Logger } from '../observability/logging';
import { encryptField, ERASED_PERSONAL_DATA, isEncryptedField } from './field-cipher';
import { mapFields, type PersonalDataPolicy } from './personal-data-store';
import type { SubjectKeys } from './subject-keys';

/**
 * An event store that can replace a stored event's data in place (the embedded SQLite store; the MongoDB store, which
 * finds the event's commit by key from `at`).
 */
export interface RewritableEventStore extends EventStore {
  rewriteData(
    eventId: string,
    data: unknown,
    at?: Pick<StoredEvent, 'streamId' | 'version'>,
  ): Promise<boolean>;
}

/** An embedded store whose file also keeps the service's topic (bus_messages). */
export interface RewritableTopicStore extends RewritableEventStore {
  topicMessages(
    topic: string,
    from?: number,
    limit?: number,
  ): Promise<{ position: number; message: StoredEvent }[]>;
  rewriteTopicMessage(topic: string, position: number, message: StoredEvent): Promise<void>;
}

const keepsTopic = (store: RewritableEventStore): store is RewritableTopicStore =>
  typeof (store as Partial<RewritableTopicStore>).topicMessages === 'function';

export const canRewrite = (store: EventStore): store is RewritableEventStore =>
  typeof (store as Partial<RewritableEventStore>).rewriteData === 'function';

/** Where a finished seal got to, under the policy it sealed with (a changed policy seals from the start again). */
interface SealCheckpoint {
  id: string;
  policy: string;
  position: number;
}
const SEAL_CHECKPOINTS = 'privacy_seal_checkpoints';

/** The fingerprint of a policy: its event types and fields. */
const fingerprint = (policy: PersonalDataPolicy) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.keys(policy)
          .sort()
          .map((type) => [type, policy[type]!.fields]),
      ),
    )
    .digest('hex');

export interface SealResult {
  /** Events whose plain personal fields were encrypted (or marked erased) now. */
  events: number;
  /** The fields so sealed, by event type. */
  fields: Record<string, number>;
  /** Messages of the embedded topic whose plain personal fields were sealed. */
  messages?: number;
}

type Data = Record<string, unknown>;
const PAGE = 500;

/**
 * Seals the personal data written in plain text before encryption existed (issue 26: old data must be erasable too):
 * every personal field of the policy's event types that is not yet encrypted is encrypted in place with its subject's
 * key, so that erasing the subject erases it as well. A subject whose key is gone while some of its fields are
 * encrypted was erased: its plain fields become "Erased personal data" instead (no new key brings them back).
 * Idempotent: a second run finds nothing. Only for a store that can rewrite an event's data: the embedded SQLite
 * store, whose connection runs with secure_delete (the caller empties the WAL afterwards), and the MongoDB store (the
 * commit and its position entry). Messages already on Kafka cannot be rewritten: they age out with the topic.
 */
export async function sealPlaintextPersonalData(
  raw: RewritableEventStore,
  keys: SubjectKeys,
  policy: PersonalDataPolicy,
  options: { logger?: Logger; checkpoints?: ReadModels; topic?: string } = {},
): Promise<SealResult> {
  const { logger } = options;
  // What a run under the same policy sealed already (everything appended since went through the encryption).
  const checkpoints = options.checkpoints?.collection<SealCheckpoint>(SEAL_CHECKPOINTS);
  const policyPrint = fingerprint(policy);
  const done = await checkpoints?.get('events');
  const start = done?.policy === policyPrint ? done.position : 0;
  let last = start;
  // One pass to find the plain events and the subjects that ever had an encrypted field.
  const plain: { event: StoredEvent; subject: string }[] = [];
  const encryptedSubjects = new Set<string>();
  for (let from = start; ;) {
    const page = await raw.readAll(from, PAGE);
    if (page.length === 0) break;
    for (const event of page) {
      const rule = policy[event.type];
      if (!rule) continue;
      const subject = rule.subject({ streamId: event.streamId, data: event.data as Data });
      let hasPlain = false;
      mapFields(event.data, rule.fields, (value) => {
        if (isEncryptedField(value)) encryptedSubjects.add(subject);
        else hasPlain = true;
        return value;
      });
      if (hasPlain) plain.push({ event, subject });
    }
    from = last = page.at(-1)!.position;
  }
  const result: SealResult = { events: 0, fields: {} };
  for (const { event, subject } of plain) {
    const rule = policy[event.type]!;
    const existing = await keys.existingKey(subject);
    const erased = !existing && encryptedSubjects.has(subject);
    const key = erased ? null : (existing ?? (await keys.keyFor(subject)));
    let sealed = 0;
    const data = mapFields(event.data, rule.fields, (value, path) => {
      if (isEncryptedField(value)) return value;
      sealed++;
      return key ? encryptField(key, `${subject}|${path}`, value) : ERASED_PERSONAL_DATA;
    });
    if (sealed === 0) continue;
    await raw.rewriteData(event.id, data, event);
    result.events++;
    result.fields[event.type] = (result.fields[event.type] ?? 0) + sealed;
  }
  await checkpoints?.put({ id: 'events', policy: policyPrint, position: last });
  if (options.topic && keepsTopic(raw)) {
    const done = await checkpoints?.get('messages');
    const messages = await sealTopic(
      raw,
      options.topic,
      keys,
      policy,
      done?.policy === policyPrint ? done.position : 0,
    );
    result.messages = messages.sealed;
    await checkpoints?.put({ id: 'messages', policy: policyPrint, position: messages.last });
  }
  if (result.events > 0 || (result.messages ?? 0) > 0)
    logger?.info(
      { sealed: result },
      'personal data written in plain text before encryption is now encrypted per data subject',
    );
  return result;
}

/**
 * Seals the plain personal fields of the messages the service published on its embedded topic before the relay
 * published them as stored (encrypted): a top-level field named as a personal field of the policy, holding plain
 * text, is encrypted with the key of the message's stream (as openMessage reads it), or marked erased when that key
 * is gone (the events were sealed first, so a subject without a key now was erased).
 */
async function sealTopic(
  raw: RewritableTopicStore,
  topic: string,
  keys: SubjectKeys,
  policy: PersonalDataPolicy,
  from: number,
): Promise<{ sealed: number; last: number }> {
  const personal = new Set(
    Object.values(policy).flatMap((rule) => rule.fields.filter((f) => !f.includes('.'))),
  );
  let sealed = 0;
  let last = from;
  for (;;) {
    const page = await raw.topicMessages(topic, last);
    if (page.length === 0) break;
    for (const { position, message } of page) {
      last = position;
      const data = message.data as Data | null;
      if (!data || typeof data !== 'object') continue;
      const plain = Object.keys(data).filter(
        (f) => personal.has(f) && typeof data[f] === 'string' && !isEncryptedField(data[f]),
      );
      if (plain.length === 0) continue;
      const key = await keys.existingKey(message.streamId);
      const opened = { ...data };
      for (const f of plain)
        opened[f] = key ? encryptField(key, `${message.streamId}|${f}`, data[f]) : ERASED_PERSONAL_DATA;
      await raw.rewriteTopicMessage(topic, position, { ...message, data: opened });
      sealed++;
    }
  }
  return { sealed, last };
}

import type { AppendResult, EventStore, ExpectedVersion, NewEvent, StoredEvent } from '../ports';
import { decryptField, encryptField, ERASED_PERSONAL_DATA, isEncryptedField } from './field-cipher';
import type { SubjectKeys } from './subject-keys';

/** Which fields of one event type are personal data, and whose. */
export interface PersonalFields {
  /** The data subject the event is about: their key encrypts the fields. */
  subject(event: { streamId: string; data: Record<string, unknown> }): string;
  /** The personal fields of its data; `a.b` names a field of a nested object. */
  fields: readonly string[];
}

/** A service's personal data: event type -> its personal fields. */
export type PersonalDataPolicy = Readonly<Record<string, PersonalFields>>;

/** The subject of events kept one stream per data subject (an application, a message, a contract). */
export const streamSubject = (event: { streamId: string }) => event.streamId;

type Data = Record<string, unknown>;

function parentOf(data: Data, path: string): [Data, string] | null {
  const parts = path.split('.');
  let node: unknown = data;
  for (const part of parts.slice(0, -1)) {
    node = (node as Data | null | undefined)?.[part];
    if (typeof node !== 'object' || node === null) return null;
  }
  return [node as Data, parts.at(-1)!];
}

/** A deep copy of the data with each present, non-null personal field replaced by `change(value, path)`. */
export function mapFields(
  data: unknown,
  fields: readonly string[],
  change: (value: unknown, path: string) => unknown,
) {
  const copy = structuredClone(data) as Data;
  for (const path of fields) {
    const at = parentOf(copy, path);
    if (!at) continue;
    const [parent, name] = at;
    const value = parent[name];
    if (value === undefined || value === null) continue;
    parent[name] = change(value, path);
  }
  return copy;
}

/**
 * The event store as the service sees it, with crypto-shredding: the personal fields of the policy's event types are
 * encrypted with their data subject's key before they are appended, and decrypted when read. Once a subject's key
 * is erased, their fields read as "Erased personal data" everywhere (history, activity, projections, rebuilds),
 * while the streams and their versions stay whole. Values stored before encryption existed read as they are.
 */
export class PersonalDataStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: SubjectKeys,
    private readonly policy: PersonalDataPolicy,
  ) {}

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
  ): Promise<AppendResult> {
    const sealed: NewEvent[] = [];
    for (const event of events) {
      const rule = this.policy[event.type];
      if (!rule) {
        sealed.push(event);
        continue;
      }
      const subject = rule.subject({ streamId, data: event.data as Data });
      const key = await this.keys.keyFor(subject);
      const data = mapFields(event.data, rule.fields, (value, path) =>
        encryptField(key, `${subject}|${path}`, value),
      );
      sealed.push({ ...event, data });
    }
    const result = await this.inner.append(streamId, expectedVersion, sealed);
    // The caller gets back what it appended, in plaintext, with the places the store gave it.
    return {
      ...result,
      events: result.events.map((stored, i) => ({ ...stored, data: events[i]!.data })),
    };
  }

  async read(streamId: string): Promise<StoredEvent[]> {
    return this.open(await this.inner.read(streamId));
  }

  /** `known` events are the caller's in plaintext already: given back as they are, only the others are opened. */
  async readAll(
    fromPosition: number,
    limit?: number,
    known?: ReadonlyMap<number, StoredEvent>,
  ): Promise<StoredEvent[]> {
    const events = await this.inner.readAll(fromPosition, limit, known);
    if (!known?.size) return this.open(events);
    const opened = await this.open(events.filter((e) => known.get(e.position) !== e));
    let next = 0;
    return events.map((e) => (known.get(e.position) === e ? e : opened[next++]!));
  }

  async readAllBackward(beforePosition?: number, limit?: number): Promise<StoredEvent[]> {
    return this.open(await this.inner.readAllBackward(beforePosition, limit));
  }

  lastPosition(): Promise<number> {
    return this.inner.lastPosition();
  }

  reservedHere(position: number): boolean | undefined {
    return this.inner.reservedHere?.(position);
  }

  ready(): Promise<boolean> {
    return this.inner.ready();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The events with their personal fields decrypted, or marked erased where the subject's key is gone. */
  private async open(events: StoredEvent[]): Promise<StoredEvent[]> {
    const keys = new Map<string, Promise<Buffer | null>>();
    const keyOf = (subject: string) => {
      let key = keys.get(subject);
      if (!key) keys.set(subject, (key = this.keys.existingKey(subject)));
      return key;
    };
    // Every subject's key asked for at once (a page of a rebuild holds many streams), then read as the events come.
    for (const event of events) {
      const rule = this.policy[event.type];
      if (rule)
        keyOf(rule.subject({ streamId: event.streamId, data: event.data as Data })).catch(() => undefined);
    }
    const opened: StoredEvent[] = [];
    for (const event of events) {
      const rule = this.policy[event.type];
      if (!rule) {
        opened.push(event);
        continue;
      }
      const subject = rule.subject({ streamId: event.streamId, data: event.data as Data });
      const key = await keyOf(subject);
      const data = mapFields(event.data, rule.fields, (value, path) => {
        if (!isEncryptedField(value)) return value;
        if (!key) return ERASED_PERSONAL_DATA;
        try {
          return decryptField(key, `${subject}|${path}`, value);
        } catch {
          // Made with a key that was erased: a subject written again after its erasure has a new key, which
          // cannot open (and must not) what was written before.
          return ERASED_PERSONAL_DATA;
        }
      });
      opened.push({ ...event, data });
    }
    return opened;
  }
}

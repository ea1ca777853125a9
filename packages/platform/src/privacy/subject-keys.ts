import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { KEY_BYTES } from './field-cipher';

/**
 * Where a service keeps the keys of its data subjects, each wrapped (encrypted) by the master key: its own table
 * (SQLite) or collection (MongoDB), apart from the events. Deleting a subject's key is what erases them.
 */
export interface SubjectKeyStore {
  /** The wrapped key of the subject, or null when there is none (never made, or erased). */
  get(subjectId: string): Promise<Buffer | null>;
  /**
   * Stores the wrapped key unless the subject already has one; answers the one stored, so two processes making a
   * key for the same subject at once end up using the same key.
   */
  putIfAbsent(subjectId: string, wrapped: Buffer): Promise<Buffer>;
  /** Deletes the subject's key for good; true when there was one. */
  delete(subjectId: string): Promise<boolean>;
  /**
   * After personal data was scrubbed from the store's database (read models replaced): leaves no old copy of the
   * pages behind (SQLite: the WAL checkpointed and truncated). Absent where the server does it itself.
   */
  compact?(): Promise<void>;
  /** Every subject's wrapped key, in one read (a rebuild opens every stream's events). */
  all?(): AsyncIterable<[subjectId: string, wrapped: Buffer]>;
  ready(): Promise<boolean>;
}

/**
 * How long a key this process just read or made stands in for a read of the store: the readers of one write (its
 * projection, the background ones) then need no round trip each. An erasure here forgets it at once; another
 * replica of the service may use it for at most this long after an erasure elsewhere.
 */
const RECENT_KEY_MS = 1000;
/** Subjects known to have a key: their key is read first, a new subject's key is made first (one round trip). */
const KNOWN_SUBJECTS = 10_000;

const WRAP_IV_BYTES = 12;
const WRAP_TAG_BYTES = 16;

/** The master key of a service's subject keys, derived from its secret (HKDF-SHA-256, labelled for this use only). */
export function masterKeyFrom(secret: string): Buffer {
  if (secret.length < 32) throw new Error('the secret of the subject keys must be at least 32 characters');
  return Buffer.from(hkdfSync('sha256', secret, '12yards', 'subject-keys/v1', KEY_BYTES));
}

/**
 * The data subjects' keys of one service: made on first use, wrapped by the master key with the subject's id
 * authenticated, unwrapped when read. Keys are never logged and never leave the process unwrapped.
 */
export class SubjectKeys {
  private readonly recent = new Map<string, { key: Buffer; at: number }>();
  private readonly known = new Set<string>();
  /** Every subject's wrapped key, once loadAll read them. */
  private loaded?: Map<string, Buffer>;

  constructor(
    private readonly store: SubjectKeyStore,
    private readonly masterKey: Buffer,
  ) {
    if (masterKey.length !== KEY_BYTES) throw new Error('the master key must be 32 bytes');
  }

  /** The subject's key, made now when it has none. */
  async keyFor(subjectId: string): Promise<Buffer> {
    const recent = this.recentKey(subjectId);
    if (recent) return recent;
    if (this.known.has(subjectId)) {
      const existing = await this.store.get(subjectId);
      if (existing) return this.remember(subjectId, this.unwrap(subjectId, existing));
    }
    const stored = await this.store.putIfAbsent(subjectId, this.wrap(subjectId, randomBytes(KEY_BYTES)));
    return this.remember(subjectId, this.unwrap(subjectId, stored));
  }

  /**
   * Reads every subject's key at once and keeps them (wrapped) for the life of this object: a rebuild, which opens
   * every stream's events, then asks the store for none of them. A subject without a key reads as erased. Keeps at
   * most `max` (none when the store holds more); false when it kept none.
   */
  async loadAll(max = 1_000_000): Promise<boolean> {
    if (!this.store.all) return false;
    const all = new Map<string, Buffer>();
    for await (const [subjectId, wrapped] of this.store.all()) {
      if (all.size >= max) return false;
      all.set(subjectId, wrapped);
    }
    this.loaded = all;
    return true;
  }

  /** The subject's key, or null when it was erased (or never made). */
  async existingKey(subjectId: string): Promise<Buffer | null> {
    const recent = this.recentKey(subjectId);
    if (recent) return recent;
    if (this.loaded) {
      const wrapped = this.loaded.get(subjectId);
      return wrapped ? this.remember(subjectId, this.unwrap(subjectId, wrapped)) : null;
    }
    const wrapped = await this.store.get(subjectId);
    return wrapped && this.remember(subjectId, this.unwrap(subjectId, wrapped));
  }

  /** Erases the subject: their key is deleted, so everything encrypted with it is unreadable from now on. */
  erase(subjectId: string): Promise<boolean> {
    this.recent.delete(subjectId);
    this.loaded?.delete(subjectId);
    this.known.delete(subjectId);
    return this.store.delete(subjectId);
  }

  private recentKey(subjectId: string): Buffer | undefined {
    const hit = this.recent.get(subjectId);
    if (hit && Date.now() - hit.at < RECENT_KEY_MS) return hit.key;
    if (hit) this.recent.delete(subjectId);
    return undefined;
  }

  private remember(subjectId: string, key: Buffer): Buffer {
    if (this.recent.size > 1000) this.recent.clear();
    this.recent.set(subjectId, { key, at: Date.now() });
    if (this.known.size >= KNOWN_SUBJECTS) this.known.clear();
    this.known.add(subjectId);
    return key;
  }

  ready(): Promise<boolean> {
    return this.store.ready();
  }

  private wrap(subjectId: string, key: Buffer): Buffer {
    const iv = randomBytes(WRAP_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv);
    cipher.setAAD(Buffer.from(subjectId, 'utf8'));
    const body = Buffer.concat([cipher.update(key), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private unwrap(subjectId: string, wrapped: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, wrapped.subarray(0, WRAP_IV_BYTES));
    decipher.setAAD(Buffer.from(subjectId, 'utf8'));
    decipher.setAuthTag(wrapped.subarray(WRAP_IV_BYTES, WRAP_IV_BYTES + WRAP_TAG_BYTES));
    return Buffer.concat([
      decipher.update(wrapped.subarray(WRAP_IV_BYTES + WRAP_TAG_BYTES)),
      decipher.final(),
    ]);
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a personal field reads as once its data subject's key is gone (history, activity, read models). */
export const ERASED_PERSONAL_DATA = 'Erased personal data';

/** The prefix of an encrypted field: format version 1 (AES-256-GCM, 12-byte IV, 16-byte tag, base64url). */
const PREFIX = 'pd1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** Whether a stored value is an encrypted personal field. */
export const isEncryptedField = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX);

/**
 * Encrypts one field's value (any JSON value) with the subject's key. `context` (the subject and the field's name)
 * is authenticated, so a ciphertext moved to another subject or field fails to decrypt instead of reading wrong.
 */
export function encryptField(key: Buffer, context: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value {@link encryptField} encrypted; throws when the key, the context or the bytes do not match. */
export function decryptField(key: Buffer, context: string, stored: string): unknown {
  if (!isEncryptedField(stored)) throw new Error('not an encrypted personal field');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted personal field too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as unknown;
}

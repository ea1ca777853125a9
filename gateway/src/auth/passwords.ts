import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const KEYLEN = 32;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The cost of new hashes unless SCRYPT_N says otherwise; production never goes below this N. */
export const DEFAULT_SCRYPT: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(
  password: string,
  N = DEFAULT_SCRYPT.N,
  r = DEFAULT_SCRYPT.r,
  p = DEFAULT_SCRYPT.p,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The scrypt parameters a stored hash was made with, or null when it is not one of ours. */
export function hashParams(stored: string): ScryptParams | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  return Object.values(params).every((v) => Number.isInteger(v) && v > 0) ? params : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: 256 * N * R,
  });
  return timingSafeEqual(key, expected);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../ports';
import type { SubjectKeyStore } from './subject-keys';
import { masterKeyFrom, SubjectKeys } from './subject-keys';
import { PersonalDataStore, type PersonalDataPolicy } from './personal-data-store';

/**
 * The secret the master key of the subject keys derives from: INTERNAL_SECRET, or (for the tools that run without
 * it, such as a rebuild) the secret file `npm start` wrote into DATA_DIR.
 */
export function secretOf(env: { INTERNAL_SECRET?: string; DATA_DIR: string }): string {
  if (env.INTERNAL_SECRET) return env.INTERNAL_SECRET;
  try {
    return readFileSync(join(env.DATA_DIR, '.internal-secret'), 'utf8').trim();
  } catch {
    throw new Error(
      'INTERNAL_SECRET must be set (or DATA_DIR/.internal-secret exist): personal data is encrypted with keys it protects',
    );
  }
}

/** The event store with the service's personal fields encrypted per data subject (unchanged without a policy). */
export function withPersonalData(
  store: EventStore,
  keyStore: SubjectKeyStore,
  policy: PersonalDataPolicy | undefined,
  secret: () => string,
): { store: EventStore; keys: SubjectKeys | undefined } {
  if (!policy || Object.keys(policy).length === 0) return { store, keys: undefined };
  const keys = new SubjectKeys(keyStore, masterKeyFrom(secret()));
  return { store: new PersonalDataStore(store, keys, policy), keys };
}

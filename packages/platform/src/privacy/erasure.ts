import { createHmac } from 'node:crypto';
import type { Router } from 'express';
import type { ExportedRecord, ServiceErasure } from '@12yards/api';
import { fanOutRoutes } from '@12yards/api/src/routes/fan-out';
import type { EventStore } from '../ports';
import { contractRoutes } from '../http/contract-routes';
import type { Logger } from '../observability/logging';
import { ERASED_PERSONAL_DATA } from './field-cipher';
import type { SubjectKeys } from './subject-keys';

/** One record a service holds about a person, and the data subject whose key encrypts it. */
export interface PersonalRecord {
  kind: string;
  id: string;
  /** The key to erase; several records may share one (a partner's notes are under the partner's key). */
  subject?: string;
}

/** What a service knows of the personal data it holds, for erasure. */
export interface PersonalDataHolder {
  /** The records held about the person with this email (found in the read models, which hold it in plain text). */
  find(email: string): Promise<PersonalRecord[]>;
  /**
   * Replaces the person's fields in the read models (their keys are gone by then, so a rebuild reads the same) and
   * deletes the files that are theirs.
   */
  scrub(records: PersonalRecord[]): Promise<void>;
  /** The records as the person reads them in an export (the same records an erasure would erase). */
  describe(records: PersonalRecord[]): Promise<ExportedRecord[]>;
}

/** What erasure needs of a service. */
export interface ErasureSite {
  env: { INTERNAL_SECRET: string };
  infra: { eventStore: EventStore; subjectKeys: { compact?(): Promise<void> } };
  subjectKeys?: SubjectKeys;
  logger: Logger;
  clock: () => Date;
}

/** An email as erasure compares it: trimmed, lower case. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** The keyed hash an erasure is recorded under (HMAC-SHA-256 with the shared secret): the same in every service. */
export function emailHash(email: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`privacy-erasure|${normalisedEmail(email)}`)
    .digest('hex');
}

/** The read-model patch that erases these fields of a row (present, non-empty ones only). */
export function erasedFields<T extends object>(row: T, fields: readonly (keyof T)[]): Partial<T> {
  const patch: Partial<T> = {};
  for (const field of fields) {
    const value = row[field];
    if (value !== null && value !== undefined && value !== '')
      patch[field] = ERASED_PERSONAL_DATA as T[keyof T];
  }
  return patch;
}

export const ERASURE_STREAM_PREFIX = 'privacy-erasure-';

/**
 * Erases one person from this service: deletes the keys of every record found (so every copy of their events is
 * unreadable), scrubs the read models and files, empties the SQLite WAL of the old pages, and records the erasure
 * under the email's keyed hash (never the email). Answers the records erased (none: nothing was left).
 */
export async function erasePerson(
  site: ErasureSite,
  holder: PersonalDataHolder,
  service: string,
  email: string,
  actor: string,
): Promise<ServiceErasure> {
  const records = await holder.find(normalisedEmail(email));
  if (records.length === 0) return { service, erased: [] };
  const hash = emailHash(email, site.env.INTERNAL_SECRET);
  const counts = await eraseRecords(site, holder, records, {
    streamId: `${ERASURE_STREAM_PREFIX}${hash}`,
    type: 'PersonalDataErased',
    data: { emailHash: hash },
    actor,
  });
  site.logger.info({ emailHash: hash, erased: counts }, 'personal data erased');
  return { service, erased: records.map(({ kind, id }) => ({ kind, id })) };
}

/**
 * Erases these records: deletes their keys (so every copy of their events is unreadable), scrubs the read models and
 * files, records the erasure (its own data plus the records counted by kind, never a personal field) and empties the
 * SQLite WAL of the old pages. Answers the counts by kind.
 */
export async function eraseRecords(
  site: ErasureSite,
  holder: PersonalDataHolder,
  records: PersonalRecord[],
  record: { streamId: string; type: string; data: Record<string, unknown>; actor: string },
): Promise<Record<string, number>> {
  for (const subject of new Set(records.flatMap((r) => (r.subject ? [r.subject] : []))))
    await site.subjectKeys?.erase(subject);
  await holder.scrub(records);
  const counts: Record<string, number> = {};
  for (const r of records) counts[r.kind] = (counts[r.kind] ?? 0) + 1;
  await site.infra.eventStore.append(record.streamId, 'any', [
    {
      type: record.type,
      data: { ...record.data, erased: counts, at: site.clock().toISOString() },
      meta: { actor: record.actor },
    },
  ]);
  await site.infra.subjectKeys.compact?.();
  return counts;
}

/** `POST /internal/privacy/erasure` of one service (admin role): what the gateway fans out to. */
export function erasureRoutes(site: ErasureSite, holder: PersonalDataHolder, service: string): Router {
  const { router, on } = contractRoutes(site.env.INTERNAL_SECRET);
  on(fanOutRoutes.privacyErasure, async ({ body: { email }, req }) => ({
    status: 200,
    body: await erasePerson(site, holder, service, email, req.admin!.username),
  }));
  return router;
}

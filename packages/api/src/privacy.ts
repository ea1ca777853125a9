import { z } from 'zod';
import { emailAddress } from './common';
import { EMAIL_MESSAGE } from './partners';

/** POST /api/admin/privacy/erasure: the person whose personal data every service erases. */
export const privacyErasureRequest = z.object({
  email: emailAddress(EMAIL_MESSAGE),
});
export type PrivacyErasureRequest = z.infer<typeof privacyErasureRequest>;

/** One record of the person a service held, as the erasure found it. */
export const erasedRecord = z.object({
  /** application, contact-message, contract, partner-record, document */
  kind: z.string(),
  id: z.string(),
});

/** What one service erased. */
export const serviceErasure = z.object({
  service: z.string(),
  erased: z.array(erasedRecord),
});
export type ServiceErasure = z.infer<typeof serviceErasure>;

/** The answer: what was erased per service; `nothingLeft` when no service held anything (a second request). */
export const privacyErasureResult = z.object({
  /** The erasure is recorded under this keyed hash of the email, never the email itself. */
  emailHash: z.string(),
  services: z.array(serviceErasure),
  nothingLeft: z.boolean(),
  message: z.string(),
});
export type PrivacyErasureResult = z.infer<typeof privacyErasureResult>;

/** The bounds of the retention period, in months (PRIVACY_RETENTION_MONTHS is checked against the same). */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 600;

/**
 * PUT /api/admin/privacy/retention: how many months after their last change applications that never became partners
 * and contact messages are erased automatically.
 */
export const privacyRetentionRequest = z.object({
  months: z
    .number({ message: 'months must be a whole number of months' })
    .int('months must be a whole number of months')
    .min(RETENTION_MONTHS_MIN, `months must be at least ${RETENTION_MONTHS_MIN}`)
    .max(RETENTION_MONTHS_MAX, `months must be at most ${RETENTION_MONTHS_MAX} (50 years)`),
});
export type PrivacyRetentionRequest = z.infer<typeof privacyRetentionRequest>;

/** GET/PUT /api/admin/privacy/retention: the retention period in force, and who set it last (null: the default). */
export const privacyRetention = z.object({
  months: z.number().int(),
  /** The period PRIVACY_RETENTION_MONTHS gives when no admin has set one. */
  defaultMonths: z.number().int(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type PrivacyRetention = z.infer<typeof privacyRetention>;

/** GET /api/admin/privacy/export?email=...: the person whose personal data every service describes. */
export const privacyExportQuery = z.object({
  email: emailAddress(EMAIL_MESSAGE),
});
export type PrivacyExportQuery = z.infer<typeof privacyExportQuery>;

/** A field's value as the export shows it. */
export const exportedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One record held about the person, readable by a person: what it is, and its fields by their labels. */
export const exportedRecord = erasedRecord.extend({
  /** "Application (club), received 2026-03-12" */
  title: z.string(),
  /** { "Name": "Ann Lee", "Email": "ann@...", ... }: the fields that hold something, in the order a screen shows them. */
  fields: z.record(z.string(), exportedValue),
});
export type ExportedRecord = z.infer<typeof exportedRecord>;

/** What one service holds about the person. */
export const serviceExport = z.object({
  service: z.string(),
  records: z.array(exportedRecord),
  /**
   * The service's retention setting: what it keeps only for a while (applications that never became partners,
   * messages) is erased this many months after its last change (set in the admin; PRIVACY_RETENTION_MONTHS by default).
   */
  retentionMonths: z.number().int().optional(),
});
export type ServiceExport = z.infer<typeof serviceExport>;

/** The answer: everything held about the person across the services, one document. */
export const privacyExport = z.object({
  email: z.string(),
  exportedAt: z.string(),
  /** No service holds anything about this email (never held, or erased). */
  nothingHeld: z.boolean(),
  /** "1 application, 2 action items and 1 message" (what an erasure would erase), or that nothing is held. */
  summary: z.string(),
  services: z.array(serviceExport),
});
export type PrivacyExport = z.infer<typeof privacyExport>;

const KIND_WORDS: Record<string, [string, string]> = {
  application: ['application', 'applications'],
  action: ['action item', 'action items'],
  'contact-message': ['message', 'messages'],
  'partner-record': ['partner record', 'partner records'],
  contract: ['contract', 'contracts'],
  document: ['document', 'documents'],
};

/** "1 application, 2 messages and 1 contract": records counted by kind, in the order first met. */
export function recordsSummary(records: readonly { kind: string }[]): string {
  const counts = new Map<string, number>();
  for (const { kind } of records) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, n]) => {
    const [one, many] = KIND_WORDS[kind] ?? [kind, `${kind}s`];
    return `${n} ${n === 1 ? one : many}`;
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

import { z } from 'zod';
import { coercedInt, emailAddress, entityVersion, id, isoDate, requiredText } from './common';
import { pageQuery, searchText } from './pagination';

const contractFields = z.object({
  partnerId: id,
  companyName: requiredText('Company name', 300),
  registrationNumber: requiredText('Registration number', 100),
  companyAddress: requiredText('Company address', 1000),
  clientName: requiredText('Client name', 200),
  clientEmail: emailAddress('Client email must be a valid email address'),
  clientTelephone: requiredText('Client phone', 50),
  clientPosition: requiredText('Client position', 200),
  startDate: isoDate,
  endDate: isoDate,
  lengthMonths: coercedInt(NaN, 1, 600),
  platformName: requiredText('Platform name', 200),
  revenueSharePercent: coercedInt(0, 0, 50),
  pollsPerMonth: coercedInt(0, 0, 100_000),
  auctionsPerMonth: coercedInt(0, 0, 100_000),
  articlesPerWeek: coercedInt(0, 0, 100_000),
  quizPerMonth: coercedInt(0, 0, 100_000),
  setupFee: requiredText('Setup fee', 100),
  penaltyFeePerMonth: requiredText('Penalty fee per month', 100),
});

const endNotBeforeStart = <T extends { startDate?: string; endDate?: string }>(c: T) =>
  !c.startDate || !c.endDate || c.endDate >= c.startDate;
const END_DATE_RULE = { path: ['endDate'], message: 'End date must not be before the start date' };

export const contractInput = contractFields.refine(endNotBeforeStart, END_DATE_RULE);
export type ContractInput = z.input<typeof contractInput>;
export type ContractFields = z.output<typeof contractInput>;

/** PUT: the same fields; partnerId may be left out (a contract stays with its partner). */
export const contractUpdate = contractFields
  .extend({ partnerId: id.optional() })
  .refine(endNotBeforeStart, END_DATE_RULE);
export type ContractUpdate = z.input<typeof contractUpdate>;

/** The contract fields other than partnerId, in the order the form and the document show them. */
export const contractFieldNames = Object.keys(contractFields.shape).filter(
  (k) => k !== 'partnerId',
) as (keyof Omit<ContractFields, 'partnerId'>)[];

export const contract = contractFields.extend({
  id: z.string(),
  lengthMonths: z.number().int(),
  revenueSharePercent: z.number().int(),
  pollsPerMonth: z.number().int(),
  auctionsPerMonth: z.number().int(),
  articlesPerWeek: z.number().int(),
  quizPerMonth: z.number().int(),
  /** The template the contract was generated from (POST /api/admin/contracts/generate), if any. */
  templateId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  version: entityVersion,
  /**
   * When the contract ended (ISO date-time of its ContractEnded: the expiry sweep found its end date past); null while
   * it is active, and again after a PUT moved an ended contract's end date back to today or later (reactivation).
   */
  endedAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contract>;

/**
 * POST /api/admin/contracts/generate: a contract prefilled from the partner (clientName = name, clientEmail = email,
 * clientPosition = position, companyName = organization, else knownAs, else name) and defaults (startDate today,
 * lengthMonths 12, endDate one day before the same date lengthMonths later, platformName '12Yards', numbers 0).
 * Any contract field given here overrides the prefill; fields still missing (registration number, address, phone and
 * fees are not part of a partner) make a 400 listing them.
 */
export const generateContractRequest = contractFields
  .omit({ partnerId: true })
  .partial()
  .extend({ partnerId: id });
export type GenerateContractRequest = z.input<typeof generateContractRequest>;

/** A document generation job, as GET /api/admin/contracts/jobs/:jobId (and a 202) answers it. */
export const contractDocumentJob = z.object({
  jobId: z.string(),
  state: z.enum(['waiting', 'active', 'completed', 'failed', 'delayed']),
  attemptsMade: z.number().int(),
  /** Poll this until state is completed or failed. */
  statusUrl: z.string(),
  /** Present once the document is ready. */
  downloadUrl: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).optional(),
});
export type ContractDocumentJob = z.infer<typeof contractDocumentJob>;

// ---------- templates ----------
export const templateExtensions = ['.doc', '.docx', '.pdf'] as const;
export const templateMeta = z.object({
  name: requiredText('Name', 200),
  validFromDate: isoDate,
});
export type TemplateMeta = z.infer<typeof templateMeta>;
export const templatePatch = templateMeta
  .partial()
  .refine((p) => p.name !== undefined || p.validFromDate !== undefined, 'Give a name or a validFromDate');
/** Largest template file accepted. */
export const MAX_TEMPLATE_BYTES = 10 * 1024 * 1024;

/** The templates' pages; q keeps those whose name or file name holds it. */
export const templateListQuery = pageQuery.extend({ q: searchText });

export const contractTemplate = z.object({
  id: z.string(),
  name: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string().optional(),
  size: z.number().int().optional(),
  validFromDate: z.string(),
  createdAt: z.string(),
  version: entityVersion,
});
export type ContractTemplate = z.infer<typeof contractTemplate>;
export const SELECT_FILE_MESSAGE = 'Please select a file';

/** The day before the same day `months` later (clamped to the month's end): a 12-month term from 2026-01-01 ends 2026-12-31. */
export function endDateFor(startDate: string, months: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** A phone number as people write it: digits with spaces, + ( ) - and dots, 6 to 20 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
export const PHONE_MESSAGE = 'Enter a phone number: digits, with spaces and + ( ) - if you like';
/** An amount of money: a number with an optional currency sign, words may follow ('£250 per month'). */
const MONEY = /^[£$€]?\s?\d[\d,]*(\.\d{1,2})?(\s.*)?$/;
export const MONEY_MESSAGE = 'Enter an amount, such as £500 or £1,250.50';

const dayWords = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The contract form's checks beyond what the API takes (issue 27 item 4): the client phone is a phone number, the
 * fees are amounts, and the length in months matches the dates (a 12-month term from 1 Dec ends on 30 Nov).
 */
export const contractForm = contractInput.superRefine((c, ctx) => {
  const digits = c.clientTelephone.replace(/\D/g, '').length;
  if (c.clientTelephone && (!PHONE.test(c.clientTelephone) || digits < 6 || digits > 20)) {
    ctx.addIssue({ code: 'custom', path: ['clientTelephone'], message: PHONE_MESSAGE });
  }
  for (const name of ['setupFee', 'penaltyFeePerMonth'] as const) {
    if (c[name] && !MONEY.test(c[name].trim()))
      ctx.addIssue({ code: 'custom', path: [name], message: MONEY_MESSAGE });
  }
  if (c.startDate && c.endDate && c.endDate >= c.startDate && Number.isInteger(c.lengthMonths)) {
    const expected = endDateFor(c.startDate, c.lengthMonths);
    if (expected !== c.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `${c.lengthMonths} months from ${dayWords(c.startDate)} end on ${dayWords(expected)}: change the end date or the length`,
      });
    }
  }
});

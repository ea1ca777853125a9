import { z } from 'zod';

/** Every non-2xx answer of the platform has this body. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const id = z.string().min(1).max(100);

/**
 * An entity's version (the version of its event stream) as admin answers carry it: the admin sends it back in
 * `If-Match: "<version>"` on PUT/DELETE, and a stale one is answered 412 with nothing written.
 */
export const entityVersion = z.number().int().positive().optional();

/** Trimmed text that must not be empty once trimmed. */
export const requiredText = (label: string, max = 10_000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (max = 10_000) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v === '' || v == null ? undefined : v));

/**
 * An email address, trimmed before it is checked (so " a@b.co " is accepted as "a@b.co"). The one message covers a
 * missing, empty or malformed address, as z.email({ error }) alone did.
 */
export const emailAddress = (message: string, max = 320) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.email({ error: message }).max(max));

/** The years a business date (publication, due date, contract term, template validity) may fall in. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
const YEARS_MESSAGE = `must be in the years ${MIN_YEAR} to ${MAX_YEAR}`;
// Both formats below start with exactly four year digits.
const inYears = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A real calendar date written YYYY-MM-DD (no 2026-02-30), in the years MIN_YEAR to MAX_YEAR. */
export const isoDate = z.iso
  // abort: a value that is no date at all gets this one message, not also the years one.
  .date({ error: 'Enter a valid date', abort: true })
  .refine(inYears, YEARS_MESSAGE);

/**
 * A real calendar date (YYYY-MM-DD, read as midnight UTC) or an ISO 8601 date-time with Z or an offset
 * (2026-11-22T10:00:00.000Z as the admin panel sends back, 2026-11-22T11:00:00+01:00), in the years MIN_YEAR to
 * MAX_YEAR. A date-time without a zone is refused: its instant would depend on the server's time zone.
 */
export const dateLike = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Enter a valid date, or a date and time with its time zone (2026-11-22T10:00:00Z)',
  })
  .refine(inYears, YEARS_MESSAGE);

/**
 * Plain decimal notation (optional sign, digits, optional fraction): the only strings (form fields, query strings)
 * read as numbers. A fraction is read so that "1.5" gets "must be a whole number".
 */
const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;
const decimalString = (v: unknown) =>
  typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim()) : v;
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A whole number from min to max; `label` starts each message (e.g. 'Size (bytes) ', as the form names it). */
export const boundedInt = (min: number, max: number, label = '') =>
  z
    .number({ error: `${label}must be a number` })
    .int(`${label}must be a whole number`)
    .min(min, `${label}must be at least ${min}`)
    .max(max, `${label}must be at most ${max}`);

/**
 * A whole number from min to max that may arrive as a string in decimal notation (form fields, query strings); never
 * "0x10", "1e3" or "Infinity". Blank or missing means the fallback.
 */
export const coercedInt = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => (isBlank(v) ? fallback : decimalString(v)), boundedInt(min, max));

/** As {@link coercedInt}, but blank or missing means null. */
export const nullableInt = (min: number, max: number) =>
  z.preprocess((v) => (isBlank(v) ? null : decimalString(v)), boundedInt(min, max).nullable());

/** As {@link coercedInt} without a fallback: the value is required. */
export const requiredInt = (min: number, max: number, label = '') =>
  z.preprocess(decimalString, boundedInt(min, max, label));

/**
 * The Idempotency-Key header of a create: a client that sends the same key again (a retry after a timeout or a 503)
 * names the same entity, so the create happens once. Printable ASCII, as the IETF draft's examples use.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(200, 'Idempotency-Key must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');

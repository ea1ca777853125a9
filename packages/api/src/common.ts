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

/** A calendar date written YYYY-MM-DD. */
export const isoDate = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** A date or date-time string that Date can parse. */
export const dateLike = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a valid date');

/** An integer that may arrive as a numeric string (form fields). Empty means the default. */
export const coercedInt = (fallback: number, min?: number, max?: number) => {
  let n = z.number({ error: 'must be a number' }).int('must be a whole number');
  if (min !== undefined) n = n.min(min, `must be at least ${min}`);
  if (max !== undefined) n = n.max(max, `must be at most ${max}`);
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return fallback;
    if (typeof v === 'string') return Number(v.trim());
    return v;
  }, n);
};

export const timestamps = {
  createdAt: z.string(),
};

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

import { z } from 'zod';
import { serviceEnv } from '@12yards/platform';
import { DEFAULT_SCRYPT } from './auth/passwords';

const url = (port: number) => z.string().url().default(`http://127.0.0.1:${port}`);

/** The lowest scrypt cost production accepts (the hashes' N; README "Security model"). */
export const MIN_PRODUCTION_SCRYPT_N = DEFAULT_SCRYPT.N;

/** The gateway's variables without the cross-field rules (so `.partial()` and friends still work). */
export const gatewayEnvFields = serviceEnv(8080).extend({
  STATUS_URL: url(8101),
  CONTENT_URL: url(8102),
  PARTNERS_URL: url(8103),
  CONTRACTS_URL: url(8104),
  MEDIA_URL: url(8105),
  ADMIN_USERNAME: z.string().trim().min(1).max(50).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** The site's public origin (scheme://host[:port]); writes whose Origin differs are refused. Defaults to the request's own host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  SHELL_DIST: z.string().default('web/shell/dist'),
  ADMIN_DIST: z.string().default('web/admin/dist'),
  /** scrypt cost (a power of two); tests lower it, production refuses anything below 2^17. */
  SCRYPT_N: z.coerce
    .number()
    .int()
    .min(2 ** 10)
    .refine((n) => Number.isInteger(Math.log2(n)), 'must be a power of two')
    .default(DEFAULT_SCRYPT.N),
});

/** Production password hashes are never cheaper than N = 2^17, whatever SCRYPT_N says. */
export function productionScryptRule(
  env: { NODE_ENV?: string; SCRYPT_N?: number },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && env.SCRYPT_N !== undefined && env.SCRYPT_N < MIN_PRODUCTION_SCRYPT_N) {
    ctx.addIssue({
      code: 'custom',
      path: ['SCRYPT_N'],
      message: `must be at least ${MIN_PRODUCTION_SCRYPT_N} (2^17) when NODE_ENV=production`,
    });
  }
}

export const gatewayEnv = gatewayEnvFields.superRefine(productionScryptRule);
export type GatewayEnv = z.output<typeof gatewayEnv>;

/** What `npm run admin:create` reads: no INTERNAL_SECRET needed, the same rule on SCRYPT_N. */
export const adminCreateEnv = gatewayEnvFields
  .partial({ INTERNAL_SECRET: true })
  .superRefine(productionScryptRule);

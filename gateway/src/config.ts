import express from 'express';
import { z } from 'zod';
import { newAdminCredentials, passwordLength } from '@12yards/api';
import { serviceEnv } from '@12yards/platform';
import { DEFAULT_SCRYPT } from './auth/passwords';
import { DEFAULT_MAX_STREAMS } from './live-events';

const url = (port: number) => z.string().url().default(`http://127.0.0.1:${port}`);

/** What Express's `trust proxy` setting is given: nothing trusted, a hop count, or addresses and subnets. */
export type TrustProxy = false | number | string[];

const NO_PROXY = new Set(['', 'false', 'none', '0']);

/**
 * TRUST_PROXY: which proxies in front of the gateway may tell the client's address in X-Forwarded-For. Unset (or
 * `none`): none, the socket's address counts. A number: that many hops. Else a comma-separated list of
 * addresses, CIDR subnets or Express's names (`loopback`, `linklocal`, `uniquelocal`), checked by Express itself.
 * `true` (trust every hop) is refused: any client could then choose the address its requests are counted under.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (NO_PROXY.has(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: "give a hop count or the proxies' addresses, not true" });
      return z.NEVER;
    }
    const list = value.split(',').map((s) => s.trim());
    try {
      express().set('trust proxy', list);
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address, subnet or hop count: ${(err as Error).message}`,
      });
      return z.NEVER;
    }
    return list;
  });

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
  ADMIN_PASSWORD: passwordLength.optional(),
  /** The site's public origin (scheme://host[:port]); writes whose Origin differs are refused. Defaults to the request's own host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: trustProxy,
  /** Per service: requests proxied at once, then how many may wait and how long, before 503 + Retry-After. */
  PROXY_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(128),
  PROXY_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(512),
  PROXY_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Public form submissions (applications, contact messages) one address may make in 10 minutes. */
  PUBLIC_WRITES_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(30),
  /** Live-update streams (GET /api/admin/events) one gateway process holds at most; beyond, 503 + Retry-After. */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_MAX_STREAMS),
  /** GET /metrics on its own port (never on PORT, which the public reaches); default PORT + 1000, 0 turns it off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SHELL_DIST: z.string().default('web/shell/dist'),
  ADMIN_DIST: z.string().default('web/admin/dist'),
  /** scrypt cost (a power of two); tests lower it, production refuses anything below 2^17. */
  /**
   * Tells apart the gateway processes on one host (`start.mjs --replicas` sets it): each keeps its own caches, so
   * each subscribes once, in a consumer group of its own named by it, `gateway-<INSTANCE_ID>`
   * (InstanceSubscriptions); unset, the host's name.
   */
  INSTANCE_ID: z.string().max(100).optional(),
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

/** ADMIN_PASSWORD passes the password policy for ADMIN_USERNAME, so a weak one stops the start with one line. */
export function adminPasswordRule(
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
  ctx: z.RefinementCtx,
): void {
  // A length error is already reported by the field itself.
  if (!env.ADMIN_USERNAME || !passwordLength.safeParse(env.ADMIN_PASSWORD).success) return;
  const checked = newAdminCredentials.safeParse({
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  });
  for (const issue of checked.error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: issue.message });
  }
}

export const gatewayEnv = gatewayEnvFields.superRefine((env, ctx) => {
  productionScryptRule(env, ctx);
  adminPasswordRule(env, ctx);
});
export type GatewayEnv = z.output<typeof gatewayEnv>;

/** What `npm run admin:create` reads: no INTERNAL_SECRET needed, the same rule on SCRYPT_N. */
export const adminCreateEnv = gatewayEnvFields
  .partial({ INTERNAL_SECRET: true })
  .superRefine(productionScryptRule);

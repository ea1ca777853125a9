import { z } from 'zod';
import { logFormat } from '../observability/log-format';

/**
 * Parses environment variables with a zod object schema. A bad or missing value stops the process with one
 * clear line per variable, naming it.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || '(environment)';
    process.stderr.write(`Configuration error: ${name}: ${issue.message}\n`);
  }
  process.exit(1);
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** What every service reads. Absent production URLs mean the embedded adapters. */
export const serviceEnv = (defaultPort: number) =>
  z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port(defaultPort),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    // pretty (one readable line each) or json (one object per line); unset: pretty in a terminal, else json.
    LOG_FORMAT: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      logFormat.optional(),
    ),
    // How often a running process runs quick_check on its SQLite file (ms; 0: never); read by openSqlite.
    SQLITE_QUICK_CHECK_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
    INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters (shared with the gateway)'),
    MONGO_URL: optionalUrl,
    KAFKA_BROKERS: optionalUrl,
    REDIS_URL: optionalUrl,
    MINIO_ENDPOINT: optionalUrl,
    MINIO_PORT: z.coerce.number().int().optional(),
    MINIO_USE_SSL: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    MINIO_ACCESS_KEY: z.string().optional(),
    MINIO_SECRET_KEY: z.string().optional(),
    MINIO_BUCKET: z.string().default('12yards'),
    // Keeps several deployments (or test runs) on one Kafka and Redis apart: prefixes topics, groups and job keys.
    INFRA_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes (at most 40)')
      .optional(),
    // The leader lease of the service's singleton work (outbox relay, expiry sweep): a dead leader is replaced
    // within about the TTL; the leader renews every LEADER_LEASE_RENEW_MS (must be under the TTL).
    LEADER_LEASE_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(6000),
    LEADER_LEASE_RENEW_MS: z.coerce.number().int().min(100).max(300_000).default(2000),
    // Contact messages and applications that never became partners are erased this many months after their last
    // change (the partners service's retention sweep).
    PRIVACY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(24),
  });
export type ServiceEnv = z.output<ReturnType<typeof serviceEnv>>;

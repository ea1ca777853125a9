/**
 * Where the contract suites find real servers. The contract project's globalSetup (real-servers.setup.ts) fills
 * these variables: from the environment when they are already set, from testcontainers when Docker is present, or
 * from infra/local. A suite whose server is missing is skipped loudly, except with CI=true, where globalSetup has
 * already failed the run instead.
 */
export type RealServer = 'mongo' | 'kafka' | 'redis' | 'minio';

export const SERVER_VARS: Record<RealServer, string[]> = {
  mongo: ['MONGO_URL'],
  kafka: ['KAFKA_BROKERS'],
  redis: ['REDIS_URL'],
  minio: ['MINIO_ENDPOINT', 'MINIO_PORT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};

export function realEnv(server: RealServer): Record<string, string> | null {
  const vars = SERVER_VARS[server];
  if (vars.some((v) => !process.env[v])) return null;
  return Object.fromEntries([...vars, 'MINIO_USE_SSL'].map((v) => [v, process.env[v] ?? '']));
}

/** Runs define() when the server is there; otherwise one skipped test that says why, in capitals. */
export function withRealServer(server: RealServer, define: (env: Record<string, string>) => void): void {
  const env = realEnv(server);
  if (env) {
    define(env);
    return;
  }
  if (process.env.CI === 'true') {
    throw new Error(`CI=true and no ${server} server: ${SERVER_VARS[server].join(', ')} not set`);
  }
  const why = process.env.YARDS_REAL_SERVERS_MISSING ?? `${SERVER_VARS[server].join(', ')} not set`;
  describe(`[${server}] REAL SERVER MISSING`, () => {
    it.skip(`SKIPPED: no ${server} server (${why}); run npm run infra:up`, () => undefined);
  });
}

/** A name unique to this run, for databases, topics, buckets and key prefixes. */
export const runId = `${process.pid}${Date.now().toString(36)}`;

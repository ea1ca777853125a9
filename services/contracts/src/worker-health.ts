import type { Server } from 'node:http';
import { createHttpApp, finishHttpApp, type Infrastructure, type Logger } from '@12yards/platform';

/** What the document worker depends on: the job queue it takes jobs from, the read models and the object store. */
export function workerReadiness(
  infra: Pick<Infrastructure, 'readiness'>,
): Record<string, () => Promise<boolean>> {
  const checks: Record<string, () => Promise<boolean>> = {};
  for (const name of ['jobs', 'readModels', 'objects']) {
    const check = infra.readiness[name];
    if (check) checks[name] = check;
  }
  return checks;
}

/** The worker's probe endpoints only: /healthz (the process answers) and /readyz (its dependencies answer). */
export function workerHealthApp(readiness: Record<string, () => Promise<boolean>>, logger: Logger) {
  return finishHttpApp(createHttpApp({ logger, jsonLimit: false, readiness }), logger);
}

export function serveWorkerHealth(
  options: { port: number; host: string; readiness: Record<string, () => Promise<boolean>> },
  logger: Logger,
): Promise<Server> {
  const server = workerHealthApp(options.readiness, logger).listen(options.port, options.host);
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

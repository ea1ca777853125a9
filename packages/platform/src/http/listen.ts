import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from '../logging';

/**
 * Listens on host:port and resolves once the port is bound. A port that cannot be bound (EADDRINUSE, EACCES ...)
 * is fatal: logged with its reason, then the process exits 1, so no "listening" line and no process that runs on
 * without serving. (Express 5's app.listen hands the error to its callback instead, which then reads as success.)
 */
export async function listenOrExit(
  handler: RequestListener,
  options: { port: number; host: string; name: string; logger: Logger },
): Promise<Server> {
  const server = createServer(handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    options.logger.fatal(
      { err, port: options.port, host: options.host },
      `${options.name}: cannot listen on ${options.host}:${options.port}`,
    );
    process.exit(1);
  }
  return server;
}

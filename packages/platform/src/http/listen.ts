import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../observability/logging';

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
  trackRequests(server);
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

/** The answers a server is giving right now, and whether it is draining (see drainServer). */
const inFlight = new WeakMap<Server, { answers: Set<ServerResponse>; draining: boolean }>();

function trackRequests(server: Server): void {
  const state = { answers: new Set<ServerResponse>(), draining: false };
  inFlight.set(server, state);
  server.on('request', (_req, res: ServerResponse) => {
    // Answers given while draining close their connection, so the sender opens its next one elsewhere.
    if (state.draining) res.shouldKeepAlive = false;
    state.answers.add(res);
    res.once('close', () => state.answers.delete(res));
  });
}

/**
 * Stops a server without cutting a request short: no new connection is accepted, idle keep-alive connections are
 * closed, answers given from now on close their connection, and the requests being answered get up to `drainMs` to
 * finish before the connections still open are closed. Whoever sends to this process (the gateway, a balancer) then
 * sees only refused connections, which it can send elsewhere or answer with 503 and Retry-After: a rolling restart
 * (each replica stopped by SIGTERM in turn) fails no request that had reached a replica.
 */
export async function drainServer(server: Server, drainMs = 8000): Promise<void> {
  const state = inFlight.get(server);
  server.close();
  server.closeIdleConnections();
  if (state) {
    state.draining = true;
    const end = Date.now() + drainMs;
    while (state.answers.size > 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 25));
      server.closeIdleConnections();
    }
  }
  server.closeAllConnections();
}

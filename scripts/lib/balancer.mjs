// A tiny round-robin TCP balancer: each new connection goes to the next target; a target that refuses the
// connection (a replica restarting) is skipped for the next one, so one dead replica costs no request.
import { createConnection, createServer } from 'node:net';

/**
 * Listens on host:port and forwards every connection to one of `targets` ({ host, port }) in turn.
 * Resolves to the server and the number of connections sent to each target (by index).
 */
export function startBalancer({ host, port, targets, onError }) {
  let next = 0;
  const counts = targets.map(() => 0);
  const server = createServer({ pauseOnConnect: true }, (client) => {
    client.on('error', () => undefined);
    const attempt = (tries) => {
      const i = next++ % targets.length;
      const upstream = createConnection(targets[i]);
      const refused = (err) => {
        upstream.destroy();
        if (tries + 1 < targets.length && !client.destroyed) return attempt(tries + 1);
        onError?.(err);
        client.destroy();
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        counts[i]++;
        upstream.setNoDelay(true);
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, counts }));
  });
}

// A port for a product started by a script (e2e/run.mjs, bench/product.mjs): the gateway's, with the five service
// ports start.mjs derives from it (PORT+21..PORT+25) free too.
import { createServer } from 'node:net';

function portFree(port) {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => ok(true)));
  });
}

/** The first gateway port from `first` on (in steps of 100) whose service ports are free too. */
export async function freePort(first) {
  for (let port = first; port < first + 2000; port += 100) {
    const ports = [port, ...[21, 22, 23, 24, 25].map((d) => port + d)];
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return port;
  }
  throw new Error('no free ports');
}

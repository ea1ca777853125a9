/**
 * Removes what earlier benchmark runs left on the real servers (their databases, topics, consumer groups and keys,
 * all named `bench_...`), so the next measurement starts on servers as a fresh `npm run infra:up` leaves them.
 * `npm run bench:real` runs it first; `npm run bench:real -- --prune` alone. Prints one JSON line.
 */
import { removeLeftovers } from './leftovers';

removeLeftovers('bench_', { everyRun: true }).then(
  (removed) => {
    console.log(JSON.stringify({ bench: 'prune', ...removed }));
    process.exit(0);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

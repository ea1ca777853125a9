import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { Projector } from '../../src/es/projector';
import type { EventStore } from '../../src/ports';
import { rows } from './row-fixtures';
import { useTempSqlite } from './temp-sqlite';

describe('Projector beside a replica: a position another process reserved is read, not waited for', () => {
  const sqlite = useTempSqlite();

  it("When the position before this process's event is a replica's, then the pass reads it from the store at once, though a writer of this process is still busy", async () => {
    const inner = new SqliteEventStore(sqlite());
    let replicaPosition = -1;
    const store: EventStore = Object.assign(Object.create(inner) as SqliteEventStore, {
      reservedHere: (position: number) => position !== replicaPosition,
    });
    const projector = new Projector(store, new SqliteReadModels(sqlite()), [rows]);
    const first = await store.append('s1', 'no_stream', [{ type: 'Added', data: { n: 1 } }]);
    await projector.catchUp(first.events[0]!.position, first.events);

    const busy = projector.beginAppend(); // a writer of this process, still on its way for a while
    const replica = await inner.append('s2', 'no_stream', [{ type: 'Added', data: { n: 2 } }]);
    replicaPosition = replica.events[0]!.position;
    const end = projector.beginAppend();
    const own = await store.append('s3', 'no_stream', [{ type: 'Added', data: { n: 3 } }]);
    const t0 = Date.now();
    const caughtUp = projector.catchUp(own.events[0]!.position, own.events);
    end();
    await caughtUp;
    const waited = Date.now() - t0;
    busy();

    expect(await projector.position()).toBeGreaterThanOrEqual(own.events[0]!.position);
    // Without telling the replica's position apart, the pass waits for the busy writer (here: until its 6 s limit).
    expect(waited).toBeLessThan(1000);
  });
});

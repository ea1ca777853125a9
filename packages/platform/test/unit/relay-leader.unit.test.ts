// The outbox relay with replicas: only the leader's relay publishes, and its checkpoint never goes backwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { OutboxRelay } from '../../src/es/relay';
import type { EventBus, StoredEvent } from '../../src/ports';

class RecordingBus implements EventBus {
  readonly needsRelay = true;
  received: number[] = [];
  /** When set, publish waits for it (a slow broker). */
  gate?: Promise<void>;
  async publish(_topic: string, events: StoredEvent[]) {
    await this.gate;
    this.received.push(...events.map((e) => e.position));
  }
  async subscribe(): Promise<never> {
    throw new Error('not used');
  }
  async ready() {
    return true;
  }
  async close() {}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let dir: string;
let dbs: SqliteDb[];
/** Another process's view of the same file. */
const open = () => {
  const db = openSqlite(join(dir, 'service.sqlite'));
  dbs.push(db);
  return { store: new SqliteEventStore(db), models: new SqliteReadModels(db) };
};
const relayCheckpoint = (models: SqliteReadModels) =>
  models.collection<{ id: string; position: number }>('checkpoints', { compareAndSet: true }).get('relay');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), '12yards-relay-leader-'));
  dbs = [];
});
afterEach(() => {
  for (const db of dbs) db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('When two relays run and one leads, then only the leader publishes; when leadership moves, the new leader carries on from the checkpoint', async () => {
  const [a, b] = [open(), open()];
  const [busA, busB] = [new RecordingBus(), new RecordingBus()];
  let leader: 'a' | 'b' = 'a';
  const relayA = new OutboxRelay(a.store, busA, a.models, 'status', undefined, {
    pollMs: 20,
    isActive: () => leader === 'a',
  });
  const relayB = new OutboxRelay(b.store, busB, b.models, 'status', undefined, {
    pollMs: 20,
    isActive: () => leader === 'b',
  });
  relayA.start();
  relayB.start();
  try {
    await b.store.append('s-1', 'no_stream', [{ type: 'Happened', data: {} }]);
    await a.store.append('s-2', 'no_stream', [{ type: 'Happened', data: {} }]);
    await sleep(200);
    expect(busA.received).toEqual([1, 2]);
    expect(busB.received).toEqual([]);

    leader = 'b';
    relayB.notify();
    await a.store.append('s-3', 'no_stream', [{ type: 'Happened', data: {} }]);
    await sleep(200);
    expect(busB.received).toEqual([3]);
    expect(busA.received).toEqual([1, 2]);
    expect((await relayCheckpoint(a.models))?.position).toBe(3);
  } finally {
    await relayA.stop();
    await relayB.stop();
  }
});

it('When a slow relay finishes after another moved the checkpoint further, then the checkpoint is not moved back', async () => {
  const [a, b] = [open(), open()];
  await a.store.append(
    's-1',
    'no_stream',
    [1, 2, 3].map(() => ({ type: 'Happened', data: {} })),
  );
  const slowBus = new RecordingBus();
  let release!: () => void;
  slowBus.gate = new Promise<void>((r) => (release = r));
  const slow = new OutboxRelay(a.store, slowBus, a.models, 'status');
  const slowFlush = slow.flush(); // read the checkpoint (none), now waits on the broker with events 1..3

  await sleep(20);
  await b.store.append(
    's-2',
    'no_stream',
    [4, 5].map(() => ({ type: 'Happened', data: {} })),
  );
  const fast = new OutboxRelay(b.store, new RecordingBus(), b.models, 'status');
  expect(await fast.flush()).toBe(5);
  expect((await relayCheckpoint(b.models))?.position).toBe(5);

  release();
  await slowFlush;
  expect((await relayCheckpoint(a.models))?.position).toBe(5);
});

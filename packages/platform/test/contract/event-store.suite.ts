import { ConcurrencyError, DuplicateEventError, type EventStore } from '../../src/ports';

export interface EventStoreHarness {
  store: EventStore;
  cleanup(): Promise<void>;
}

let n = 0;
const stream = (name: string) => `${name}-${process.pid}-${Date.now()}-${++n}`;

/** The EventStore contract: every adapter must pass it unchanged. */
export function eventStoreContract(adapter: string, make: () => Promise<EventStoreHarness>) {
  describe(`EventStore contract [${adapter}]`, () => {
    let h: EventStoreHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('When events are appended to a new stream, then reading it gives them back with versions 1..n', async () => {
      const s = stream('a');
      const result = await h.store.append(s, 'no_stream', [
        { type: 'Opened', data: { n: 1 }, meta: { actor: 'alice' } },
        { type: 'Renamed', data: { name: 'x' } },
      ]);
      expect(result.nextExpectedVersion).toBe(2);
      const events = await h.store.read(s);
      expect(events.map((e) => [e.type, e.version, e.data])).toEqual([
        ['Opened', 1, { n: 1 }],
        ['Renamed', 2, { name: 'x' }],
      ]);
      expect(events[0]!.meta).toEqual({ actor: 'alice' });
      expect(events[0]!.streamId).toBe(s);
      expect(events[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(events[0]!.occurredAt))).toBe(false);
      expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
    });

    it('When the stream does not exist, then reading it gives no events', async () => {
      expect(await h.store.read(stream('none'))).toEqual([]);
    });

    it('When the expected version is stale, then append throws a ConcurrencyError and writes nothing', async () => {
      const s = stream('b');
      await h.store.append(s, 'no_stream', [{ type: 'A', data: {} }]);
      await expect(h.store.append(s, 0, [{ type: 'B', data: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(h.store.append(s, 'no_stream', [{ type: 'B', data: {} }])).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(
        h.store.append(s, 5, [
          { type: 'B', data: {} },
          { type: 'C', data: {} },
        ]),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await h.store.read(s)).map((e) => e.type)).toEqual(['A']);
      await h.store.append(s, 1, [{ type: 'B', data: {} }]);
      await h.store.append(s, 'any', [{ type: 'C', data: {} }]);
      expect((await h.store.read(s)).map((e) => e.version)).toEqual([1, 2, 3]);
    });

    it('When two writers append at the same expected version, then exactly one succeeds', async () => {
      const s = stream('race');
      await h.store.append(s, 'no_stream', [{ type: 'A', data: {} }]);
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => h.store.append(s, 1, [{ type: `W${i}`, data: {} }])),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      }
      expect(await h.store.read(s)).toHaveLength(2);
    });

    it('When an event id is appended twice, then the second append is refused as a duplicate', async () => {
      const s = stream('dup');
      const id = '6f1c8a52-1c39-4ab5-9d55-7a0c9f1e2b31'.replace(/.{4}$/, String(1000 + (n % 9000)));
      await h.store.append(s, 'any', [{ id, type: 'A', data: {} }]);
      await expect(h.store.append(s, 'any', [{ id, type: 'A', data: {} }])).rejects.toBeInstanceOf(
        DuplicateEventError,
      );
      expect(await h.store.read(s)).toHaveLength(1);
    });

    it('When a reaction appends again the event id it appended before, at the version it read since, then it is refused as a duplicate', async () => {
      const s = stream('redelivered');
      const id = '7a2d9b63-2d4a-4bc6-8e66-8b1d0a2f3c42'.replace(/.{4}$/, String(1000 + (n % 9000)));
      await h.store.append(s, 'no_stream', [{ id, type: 'A', data: {} }]);
      await expect(h.store.append(s, 'no_stream', [{ id, type: 'A', data: {} }])).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(h.store.append(s, 1, [{ id, type: 'A', data: {} }])).rejects.toBeInstanceOf(
        DuplicateEventError,
      );
      expect(await h.store.read(s)).toHaveLength(1);
    });

    it('When several streams are written, then readAll returns them in position order from a position', async () => {
      const start = await h.store.lastPosition();
      const s1 = stream('x');
      const s2 = stream('y');
      await h.store.append(s1, 'no_stream', [{ type: 'X1', data: {} }]);
      await h.store.append(s2, 'no_stream', [{ type: 'Y1', data: {} }]);
      await h.store.append(s1, 1, [{ type: 'X2', data: {} }]);
      const all = await h.store.readAll(start);
      const mine = all.filter((e) => e.streamId === s1 || e.streamId === s2);
      expect(mine.map((e) => e.type)).toEqual(['X1', 'Y1', 'X2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const after = await h.store.readAll(mine[1]!.position);
      expect(after.filter((e) => e.streamId === s1 || e.streamId === s2).map((e) => e.type)).toEqual(['X2']);
      expect(await h.store.readAll(start, 2)).toHaveLength(2);
      expect(await h.store.lastPosition()).toBe(mine[2]!.position);
    });

    it('When the store is read backward, then events before a position come newest first, a page at a time', async () => {
      const s1 = stream('bx');
      const s2 = stream('by');
      await h.store.append(s1, 'no_stream', [
        { type: 'X1', data: {} },
        { type: 'X2', data: {} },
      ]);
      await h.store.append(s2, 'no_stream', [{ type: 'Y1', data: {} }]);
      await h.store.append(s1, 2, [
        { type: 'X3', data: {} },
        { type: 'X4', data: {} },
      ]);
      const mine = <E extends { streamId: string }>(events: E[]) =>
        events.filter((e) => e.streamId === s1 || e.streamId === s2);
      const newest = await h.store.readAllBackward(undefined, 5);
      expect(newest.map((e) => e.type)).toEqual(['X4', 'X3', 'Y1', 'X2', 'X1']);
      expect(newest[0]!.position).toBe(await h.store.lastPosition());
      const positions = newest.map((e) => e.position);
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
      // Before a position inside a multi-event append: only that append's older events, then what came before.
      const page = await h.store.readAllBackward(newest[0]!.position, 2);
      expect(page.map((e) => e.type)).toEqual(['X3', 'Y1']);
      const rest = await h.store.readAllBackward(page[1]!.position, 100);
      expect(mine(rest).map((e) => e.type)).toEqual(['X2', 'X1']);
      expect(rest[0]).toMatchObject({ type: 'X2', streamId: s1, version: 2 });
      expect(await h.store.readAllBackward(1)).toEqual([]);
    });

    it('When the store is asked if it is ready, then it says yes', async () => {
      expect(await h.store.ready()).toBe(true);
    });
  });
}

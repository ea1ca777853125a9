// The hand-over between replicas on both adapters (in memory, Redis pub/sub), and two projectors sharing MongoDB
// read models through it: the replica that does not hold the checkpoint's lock sends no checkpoint command.
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { MongoReadModels } from '../../src/adapters/mongo/mongo-read-models';
import { RedisProjectionHandOver } from '../../src/adapters/redis/redis-projection-hand-over';
import { Projector } from '../../src/es/projector';
import type { StoredEvent } from '../../src/ports';
import { InMemoryHandOverNetwork } from '../../src/testing/projection-hand-over';
import { replicaProcess } from '../support/replica-process';
import { projectionHandOverContract, waitListening } from './projection-hand-over.suite';
import { runId, withRealServer } from './real-servers';

jest.setTimeout(60_000);

projectionHandOverContract('in memory', async () => {
  const network = new InMemoryHandOverNetwork();
  return { process: async () => network.process(), cleanup: async () => undefined };
});

withRealServer('redis', (env) => {
  let k = 0;
  const opened: RedisProjectionHandOver[] = [];
  const open = () => {
    const end = new RedisProjectionHandOver(env.REDIS_URL!, `contract-${runId}`, `svc${k}`);
    opened.push(end);
    return end;
  };
  afterEach(async () => {
    for (const end of opened.splice(0)) await end.close();
  });

  projectionHandOverContract('redis', async () => {
    k++;
    return { process: async () => open(), cleanup: async () => undefined };
  });

  describe('ProjectionHandOver [redis]: a listener that throws', () => {
    it('When a listener throws on a message, then the connection goes on and the next message is heard', async () => {
      k++;
      const [holder, writer] = [open(), open()];
      const heard: number[] = [];
      holder.listen('projections', 'h', {
        handedOver: (events) => {
          if (events[0]?.position === 1) throw new Error('cannot take it');
          heard.push(events[0]!.position);
        },
        applied: () => undefined,
      });
      await waitListening(holder);
      const event = (position: number) => ({
        id: `e${position}`,
        position,
        type: 'Added',
        streamId: 's',
        version: position,
        occurredAt: '',
        data: {},
        meta: {},
      });

      await writer.send('projections', 'h', [event(1)]);
      await writer.send('projections', 'h', [event(2)]);
      const deadline = Date.now() + 2000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));

      expect(heard).toEqual([2]);
      expect(holder.listening).toBe(true);
    });
  });

  describe('ProjectionHandOver [redis]: a dropped connection', () => {
    it('When its listening connection is killed, then it says it is not listening, and once reconnected it hears again', async () => {
      k++;
      const [holder, writer] = [open(), open()];
      const heard: StoredEvent[][] = [];
      holder.listen('projections', 'h', { handedOver: (e) => heard.push(e), applied: () => undefined });
      await waitListening(holder);
      const admin = new Redis(env.REDIS_URL!);
      try {
        const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
        const own = clients.split('\n').find((line) => line.includes(`name=${holder.connectionName}`));
        await admin.call('CLIENT', 'KILL', 'ID', /id=(\d+)/.exec(own!)![1]!);
      } finally {
        await admin.quit();
      }
      const deadline = Date.now() + 2000;
      while (holder.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(holder.listening).toBe(false);

      await waitListening(holder);
      expect(await writer.send('projections', 'h', [])).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(1);
    });
  });
});

withRealServer('mongo', (mongoEnv) => {
  withRealServer('redis', (redisEnv) => {
    describe('Two projectors on MongoDB handing over through Redis', () => {
      const conns: Connection[] = [];
      const ends: RedisProjectionHandOver[] = [];
      const projectors: Projector[] = [];
      afterAll(async () => {
        for (const p of projectors) await p.close();
        for (const end of ends) await end.close();
        await conns[0]?.dropDatabase().catch(() => undefined);
        for (const conn of conns) await conn.close();
      });

      async function process(dbName: string) {
        const conn = await connectMongo(mongoEnv.MONGO_URL!, dbName);
        conns.push(conn);
        const end = new RedisProjectionHandOver(redisEnv.REDIS_URL!, `contract-${runId}`, dbName);
        ends.push(end);
        const replica = replicaProcess(new MongoEventStore(conn), new MongoReadModels(conn), end);
        projectors.push(replica.projector);
        await waitListening(end);
        return replica;
      }

      it("When one replica holds the lock, then the other's writes cost it no checkpoint command, and both read every row right", async () => {
        const dbName = `contract_hand_over_${runId}`;
        const a = await process(dbName);
        const b = await process(dbName);
        await a.write('a-0', 0);
        await b.write('b-0', 0); // finds the lock held: learns who holds it
        const before = b.checkpointCommands();

        const writes: Promise<StoredEvent>[] = [];
        for (let i = 1; i <= 20; i++) writes.push(a.write(`a-${i}`, i), b.write(`b-${i}`, i));
        const events = await Promise.all(writes);

        expect(b.checkpointCommands() - before).toBe(0);
        for (const e of events) {
          const row = await b.models.collection<{ id: string; n: number }>('rows').get(e.streamId);
          expect(row).toEqual({ id: e.streamId, n: (e.data as { n: number }).n });
        }
        const last = events.at(-1)!;
        expect(b.projector.sentRow(b.models.collection('rows'), last.streamId, last.position)).toBeDefined();
      });
    });
  });
});

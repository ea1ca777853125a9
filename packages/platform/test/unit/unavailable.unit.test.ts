import { createServer } from 'node:net';
import { MongoBulkWriteError, MongoNetworkError } from 'mongodb';
import { DependencyUnavailableError, toHttpError } from '../../src';
import { MinioObjectStore } from '../../src/adapters/minio/minio-object-store';
import { BullmqJobQueue } from '../../src/adapters/bullmq/bullmq-job-queue';

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('a backing server that does not answer is a 503 naming it, not a 500', () => {
  it('When the object store cannot be reached, then an upload fails as "file storage unavailable" (503, Retry-After)', async () => {
    const store = new MinioObjectStore({
      endPoint: '127.0.0.1',
      port: await closedPort(),
      accessKey: 'k',
      secretKey: 'secret-key',
      bucket: 'uploads',
    });
    const err = await store
      .put('a.png', Buffer.from('x'), { contentType: 'image/png' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DependencyUnavailableError);
    const http = toHttpError(err);
    expect(http.status).toBe(503);
    expect(http.code).toBe('dependency_unavailable');
    expect(http.message).toMatch(/file storage is not reachable/);
    expect(http.headers['Retry-After']).toBe('5');
  });

  it('When a batched insert loses its connection to the database, then the request is a 503 naming the database, not a 500', () => {
    // As the driver throws it when a pooled connection is refused during insertMany or bulkWrite (bulk/common.ts):
    // its own error wrapped in a bulk write's, with no document answered.
    const err = new MongoBulkWriteError(
      new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27117'),
      {} as never,
    );
    const http = toHttpError(err);
    expect(http.status).toBe(503);
    expect(http.message).toMatch(/database is not reachable/);
    // A bulk write whose documents the server refused is not an outage.
    const refused = new MongoBulkWriteError({ message: 'E11000 duplicate key', code: 11000 }, {} as never);
    expect(toHttpError(refused).status).toBe(500);
  });

  it('When the database answers that it is stopping, then the request is a 503 naming the database, not a 500', () => {
    const stopping = (fields: object) =>
      Object.assign(new Error('stopping'), { name: 'MongoServerError' }, fields);
    for (const err of [
      stopping({ message: '[msg_insert.go:168 handler.(*Handler).MsgInsert] context canceled', code: 1 }),
      stopping({ code: 91 }),
      stopping({ code: 11600 }),
    ]) {
      const http = toHttpError(err);
      expect([http.status, http.code, http.details]).toEqual([
        503,
        'dependency_unavailable',
        { dependency: 'database' },
      ]);
    }
    expect(toHttpError(stopping({ code: 2, message: 'BadValue' })).status).toBe(500);
    // Operations in flight while a stuck client is reconnected.
    // The driver's own names (its PoolClosedError class is named MongoPoolClosedError).
    for (const name of ['MongoClientClosedError', 'MongoExpiredSessionError', 'MongoPoolClosedError'])
      expect(toHttpError(Object.assign(new Error('closed'), { name })).status).toBe(503);
  });

  it('When Redis cannot be reached, then enqueueing and looking up a job fail within 2 s as "job queue unavailable"', async () => {
    const jobs = new BullmqJobQueue({ url: `redis://127.0.0.1:${await closedPort()}` });
    try {
      for (const call of [() => jobs.enqueue('doc', {}), () => jobs.get('some-job')]) {
        const started = Date.now();
        const err = await call().catch((e: unknown) => e);
        expect(Date.now() - started).toBeLessThan(2000);
        expect(toHttpError(err)).toMatchObject({ status: 503, message: expect.stringMatching(/job queue/) });
      }
    } finally {
      await jobs.close();
    }
  });

  it('When the MongoDB driver cannot select a server, then the answer is "database unavailable"', () => {
    const err = Object.assign(new Error('Server selection timed out after 10000 ms'), {
      name: 'MongoServerSelectionError',
    });
    expect(toHttpError(err)).toMatchObject({ status: 503, details: { dependency: 'database' } });
    // Anything else is still a 500 that gives nothing away.
    expect(toHttpError(new Error('boom'))).toMatchObject({ status: 500, code: 'internal' });
  });
});

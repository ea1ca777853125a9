import { Client } from 'minio';
import { MinioObjectStore, type MinioObjectStoreOptions } from '../../src/adapters/minio/minio-object-store';
import { objectStoreContract } from './object-store.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('minio', (env) => {
  const options: MinioObjectStoreOptions = {
    endPoint: env.MINIO_ENDPOINT!,
    port: Number(env.MINIO_PORT),
    useSSL: env.MINIO_USE_SSL === 'true',
    accessKey: env.MINIO_ACCESS_KEY!,
    secretKey: env.MINIO_SECRET_KEY!,
    bucket: `contract-${runId}`.toLowerCase(),
  };
  afterAll(async () => {
    // Leave nothing of this run on the server.
    const client = new Client({ ...options, pathStyle: true });
    if (!(await client.bucketExists(options.bucket))) return;
    const names: string[] = [];
    for await (const o of client.listObjectsV2(options.bucket, '', true)) if (o.name) names.push(o.name);
    if (names.length) await client.removeObjects(options.bucket, names);
    await client.removeBucket(options.bucket);
  });

  objectStoreContract('minio', async () => ({
    store: new MinioObjectStore(options),
    cleanup: async () => undefined,
  }));

  it('When the bucket does not exist yet, then the minio store creates it and reports ready', async () => {
    const store = new MinioObjectStore({ ...options, bucket: `${options.bucket}-fresh` });
    expect(await store.ready()).toBe(true);
    const client = new Client({ ...options, pathStyle: true });
    expect(await client.bucketExists(`${options.bucket}-fresh`)).toBe(true);
    await client.removeBucket(`${options.bucket}-fresh`);
  });
});

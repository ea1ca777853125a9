import { Client } from 'minio';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  DependencyUnavailableError,
  isNetworkError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from '../../ports';

export interface MinioObjectStoreOptions {
  endPoint: string;
  port?: number;
  useSSL?: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

const STANDARD_HEADERS = new Set([
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'cache-control',
  'content-encoding',
  'content-disposition',
  'content-language',
  'expires',
]);

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchObject';
}

/** Runs one call to the server; a connection that fails becomes a DependencyUnavailableError (a 503, not a 500). */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isNetworkError(err)) throw new DependencyUnavailableError('file storage', { cause: err });
    throw err;
  }
}

/** Object store on any S3-compatible server through the MinIO client, path-style; the bucket is created if missing. */
export class MinioObjectStore implements ObjectStore {
  private readonly client: Client;
  private bucketReady?: Promise<void>;

  constructor(private readonly options: MinioObjectStoreOptions) {
    this.client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL ?? false,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region ?? 'us-east-1',
      pathStyle: true,
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= reach(async () => {
      if (await this.client.bucketExists(this.options.bucket)) return;
      await this.client
        .makeBucket(this.options.bucket, this.options.region ?? 'us-east-1')
        .catch((err: { code?: string }) => {
          if (err.code !== 'BucketAlreadyOwnedByYou' && err.code !== 'BucketAlreadyExists') throw err;
        });
    });
    this.bucketReady.catch(() => (this.bucketReady = undefined));
    return this.bucketReady;
  }

  async put(
    key: string,
    body: Buffer,
    options: { contentType: string; metadata?: Record<string, string> },
  ): Promise<ObjectInfo> {
    assertValidKey(key);
    await this.ensureBucket();
    const meta: Record<string, string> = { 'Content-Type': options.contentType };
    for (const [k, v] of Object.entries(options.metadata ?? {})) meta[`X-Amz-Meta-${k}`] = v;
    await reach(() => this.client.putObject(this.options.bucket, key, body, body.length, meta));
    return (await this.stat(key))!;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    await this.ensureBucket();
    try {
      const s = await reach(() => this.client.statObject(this.options.bucket, key));
      const metadata: Record<string, string> = {};
      let contentType = 'application/octet-stream';
      for (const [k, v] of Object.entries(s.metaData ?? {})) {
        const lower = k.toLowerCase();
        if (lower === 'content-type') contentType = String(v);
        else if (!STANDARD_HEADERS.has(lower) && !lower.startsWith('x-amz-')) metadata[lower] = String(v);
      }
      return { key, size: s.size, contentType, etag: `"${s.etag}"`, lastModified: s.lastModified, metadata };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ info: ObjectInfo; body: Readable } | null> {
    const info = await this.stat(key);
    if (!info) return null;
    try {
      const body = await reach(() =>
        range
          ? this.client.getPartialObject(this.options.bucket, key, range.start, range.end - range.start + 1)
          : this.client.getObject(this.options.bucket, key),
      );
      return { info, body };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.ensureBucket();
    await reach(() => this.client.removeObject(this.options.bucket, key));
  }

  async ready(): Promise<boolean> {
    try {
      await this.ensureBucket();
      return await this.client.bucketExists(this.options.bucket);
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // The client keeps no connection open between requests.
  }
}

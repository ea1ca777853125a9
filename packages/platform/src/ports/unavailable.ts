/** The backing servers a request can find unreachable, and what a caller is told then. */
export type Dependency = 'database' | 'job queue' | 'file storage' | 'event bus';

const MESSAGES: Record<Dependency, string> = {
  database: 'The database is not reachable right now; nothing was changed. Try again in a moment.',
  'job queue':
    'The job queue is not reachable right now; documents already asked for are generated when it is back. Try again in a moment.',
  'file storage': 'The file storage is not reachable right now; nothing was stored. Try again in a moment.',
  'event bus': 'The event bus is not reachable right now. Try again in a moment.',
};

/** A backing server did not answer: the request may succeed later (503 with Retry-After). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[dependency], options);
    this.name = 'DependencyUnavailableError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const MONGO_DOWN = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // Operations in flight while a stuck client is closed and opened again (see watchMongoConnection).
  'MongoClientClosedError',
  'MongoExpiredSessionError',
  'MongoPoolClosedError',
]);

/**
 * A MongoDB-wire server's answer that it is stopping or stepping down (MongoDB's ShutdownInProgress,
 * InterruptedAtShutdown, InterruptedDueToReplStateChange, PrimarySteppedDown, NotWritablePrimary; FerretDB cancels
 * its transactions with "context canceled" as it stops): the operation was not done, and will succeed once it is back.
 */
const MONGO_STOPPING_CODES = new Set([91, 11600, 11602, 189, 10107]);
const isMongoStopping = (e: { name?: string; message?: string; code?: unknown }) =>
  e.name === 'MongoServerError' &&
  ((typeof e.code === 'number' && MONGO_STOPPING_CODES.has(e.code)) ||
    /context canceled/.test(e.message ?? ''));

/** True when the error (or its cause) is a connection that failed, not an answer the server gave. */
export function isNetworkError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Which backing server an error says is unreachable, from the clients' own error classes (MongoDB driver and
 * mongoose, ioredis as BullMQ uses it), or null when the error is something else.
 */
export function unavailableDependency(err: unknown): Dependency | null {
  if (err instanceof DependencyUnavailableError) return err.dependency;
  const e = err as { name?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return null;
  // A bulk write (insertMany, bulkWrite) cut off before any document was answered wraps the driver's own error.
  const wrapped = (e as { errorResponse?: unknown }).errorResponse;
  if (e.name === 'MongoBulkWriteError' && wrapped instanceof Error && wrapped !== err)
    return unavailableDependency(wrapped);
  if (MONGO_DOWN.has(e.name ?? '') || isMongoStopping(e)) return 'database';
  if (e.name === 'MongooseError' && /buffering timed out/.test(e.message ?? '')) return 'database';
  if (e.name === 'MaxRetriesPerRequestError' || e.message === 'Connection is closed.') return 'job queue';
  return null;
}

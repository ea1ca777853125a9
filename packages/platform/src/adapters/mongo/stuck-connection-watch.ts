import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../../observability/logging';

/** What the watch needs to know and do; the real ones act on a mongoose connection (see watchMongoConnection). */
export interface ConnectionProbe {
  /** Whether the service's own connection answers a ping. */
  answers(): Promise<boolean>;
  /** Whether the server answers a connection opened just now. */
  serverAnswers(): Promise<boolean>;
  /** Closes the service's client and opens it again (its databases and collections stay usable). */
  reconnect(): Promise<void>;
}

export type WatchOutcome = 'answers' | 'failing' | 'server down' | 'reconnected';

/**
 * Notices a client that stays cut off from a server that is back. The Node driver's monitor can hang on a `hello`
 * sent over a connection the server closed as it stopped (seen here after a FerretDB restart under load: the
 * connection closed, the check never settled, the server stayed Unknown and every operation timed out on server
 * selection while a fresh client connected at once). Once the service's connection has failed for `stuckAfterMs`
 * and a fresh one answers, the client is closed and opened again.
 */
export class StuckConnectionWatch {
  private failingSince?: number;

  constructor(
    private readonly probe: ConnectionProbe,
    private readonly stuckAfterMs = 15_000,
    private readonly now = () => Date.now(),
  ) {}

  async look(): Promise<WatchOutcome> {
    if (await this.probe.answers()) {
      this.failingSince = undefined;
      return 'answers';
    }
    this.failingSince ??= this.now();
    if (this.now() - this.failingSince < this.stuckAfterMs) return 'failing';
    if (!(await this.probe.serverAnswers())) return 'server down';
    await this.probe.reconnect();
    this.failingSince = undefined;
    return 'reconnected';
  }
}

const within = <T>(ms: number, work: Promise<T>, otherwise: T) =>
  Promise.race([work, new Promise<T>((r) => setTimeout(() => r(otherwise), ms).unref())]);

/** Looks at the connection every `everyMs`; returns the function that stops looking. */
export function watchMongoConnection(
  conn: Connection,
  url: string,
  logger?: Logger,
  { everyMs = 5000, stuckAfterMs = 15_000 } = {},
): () => void {
  // The driver's own view of the server (SDAM events): Unknown while it cannot reach it. A slow server under load
  // keeps its type, so only a client that lost the server counts as failing, however long a ping takes.
  let serverType = 'Unknown';
  conn.getClient().on('serverDescriptionChanged', (e) => (serverType = e.newDescription.type));
  const watch = new StuckConnectionWatch(
    {
      answers: async () =>
        serverType !== 'Unknown' ||
        within(
          3000,
          conn
            .db!.admin()
            .command({ ping: 1 })
            .then((r) => r.ok === 1)
            .catch(() => false),
          false,
        ),
      serverAnswers: async () => {
        const fresh = new mongoose.mongo.MongoClient(url, {
          serverSelectionTimeoutMS: 3000,
          connectTimeoutMS: 3000,
        });
        try {
          await fresh.connect();
          return (await fresh.db().admin().command({ ping: 1 })).ok === 1;
        } catch {
          return false;
        } finally {
          await fresh.close().catch(() => undefined);
        }
      },
      reconnect: async () => {
        const client = conn.getClient();
        await client.close().catch(() => undefined);
        await client.connect();
      },
    },
    stuckAfterMs,
  );
  let looking = false;
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    watch
      .look()
      .then((outcome) => {
        if (outcome === 'reconnected')
          logger?.warn(
            { after: `${stuckAfterMs} ms` },
            'mongo: the connection stayed cut off from a server that answers again; reconnected',
          );
      })
      .catch((err: unknown) => logger?.warn({ err }, 'mongo: reconnecting failed; trying again'))
      .finally(() => (looking = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

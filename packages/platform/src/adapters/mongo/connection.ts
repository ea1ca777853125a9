import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';

/**
 * The database of one service: `<database of the URL, default 12yards>_<service>`, so every service owns its data
 * (and its event position counter) even when all share one MongoDB deployment.
 */
export function serviceDatabaseName(url: string, service: string): string {
  const path = new URL(url.replace(/^mongodb(\+srv)?:/, 'http:')).pathname.replace(/^\//, '');
  const base = decodeURIComponent(path) || '12yards';
  return `${base}_${service}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Opens a mongoose connection and waits until the server answered. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const tallyDir = process.env.MONGO_COMMAND_TALLY;
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
    // Indexes are created explicitly by the adapters, awaited before the first write.
    autoIndex: false,
    autoCreate: false,
    monitorCommands: Boolean(tallyDir),
  });
  await conn.asPromise();
  if (tallyDir) tallyCommands(conn, join(tallyDir, `${dbName}-${process.pid}.json`));
  return conn;
}

/**
 * For bench/real/tally.ts (MONGO_COMMAND_TALLY=<dir>): counts this connection's commands by command and collection,
 * with the milliseconds they took from send to answer and the documents their cursors returned, into `file`
 * (`{ counts, ms, docs }`), rewritten every 500 ms, so a
 * bench can tell what every process of a running stack sent per write and which commands cost the server most.
 */
function tallyCommands(conn: Connection, file: string) {
  const counts: Record<string, number> = {};
  const ms: Record<string, number> = {};
  const docs: Record<string, number> = {};
  const pending = new Map<number, string>();
  const client = conn.getClient();
  client.on('commandStarted', (e) => {
    const command = e.command as Record<string, unknown>;
    const target = command[e.commandName];
    // What a find selects by: a lookup by _id, or a query the server may answer by reading the collection.
    const filter = (command.filter ?? command.query) as object | undefined;
    const by = filter ? ` {${Object.keys(filter).join(',')}}` : '';
    const key =
      `${e.commandName} ${typeof target === 'string' ? target : ''}${by}${command.comment ? ` (${String(command.comment)})` : ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
    pending.set(e.requestId, key);
  });
  const ended = (e: { requestId: number; duration: number; reply?: unknown }) => {
    const key = pending.get(e.requestId);
    if (key === undefined) return;
    pending.delete(e.requestId);
    ms[key] = (ms[key] ?? 0) + e.duration;
    const cursor = (e.reply as { cursor?: { firstBatch?: unknown[]; nextBatch?: unknown[] } } | undefined)
      ?.cursor;
    const returned = cursor?.firstBatch?.length ?? cursor?.nextBatch?.length;
    if (returned) docs[key] = (docs[key] ?? 0) + returned;
  };
  client.on('commandSucceeded', ended);
  client.on('commandFailed', ended);
  setInterval(() => writeFileSync(file, JSON.stringify({ counts, ms, docs })), 500).unref();
}

/** True when the server is a replica set member: then writes wait for a majority. */
export async function isReplicaSet(conn: Connection): Promise<boolean> {
  const hello = await conn
    .db!.admin()
    .command({ hello: 1 })
    .catch(() => conn.db!.admin().command({ isMaster: 1 }));
  return typeof hello.setName === 'string';
}

export async function pingMongo(conn: Connection): Promise<boolean> {
  if (conn.readyState !== mongoose.ConnectionStates.connected) return false;
  try {
    const res = await conn.db!.admin().command({ ping: 1 });
    return res.ok === 1;
  } catch {
    return false;
  }
}

export function isDuplicateKey(
  err: unknown,
): err is { code: number; message: string; keyPattern?: Record<string, number> } {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

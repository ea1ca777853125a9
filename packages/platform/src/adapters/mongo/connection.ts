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
 * For bench/real/tally.ts (MONGO_COMMAND_TALLY=<dir>): counts this connection's commands by command and collection
 * into `file`, rewritten every 500 ms, so a bench can tell what every process of a running stack sent per write.
 */
function tallyCommands(conn: Connection, file: string) {
  const counts: Record<string, number> = {};
  conn.getClient().on('commandStarted', (e) => {
    const command = e.command as Record<string, unknown>;
    const target = command[e.commandName];
    // What a find selects by: a lookup by _id, or a query the server may answer by reading the collection.
    const filter = (command.filter ?? command.query) as object | undefined;
    const by = filter ? ` {${Object.keys(filter).join(',')}}` : '';
    const key = `${e.commandName} ${typeof target === 'string' ? target : ''}${by}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  });
  setInterval(() => writeFileSync(file, JSON.stringify(counts)), 500).unref();
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

import { chmodSync, closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';

/** Only the owner may read what the embedded adapters keep: event stores, sessions, password hashes, objects. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Storage that cannot be used (a data folder that cannot be written, a corrupted database file): restarting will
 * not help, so start-up stops with this one line. Printed by console.error as its message alone, without a trace.
 */
export class StorageError extends Error {
  override name = 'StorageError';

  [inspect.custom](): string {
    return this.message;
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** Creates the data folder (0700) or makes an existing one private, and proves a file can be written in it. */
export function ensureDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (err) {
    throw new StorageError(`DATA_DIR ${dir} cannot be created: ${code(err)}`);
  }
  try {
    chmodSync(dir, PRIVATE_DIR_MODE);
  } catch {
    // A folder someone else owns keeps its mode; whether it can be written is what the probe below tells.
  }
  const probe = join(dir, `.write-probe-${process.pid}`);
  try {
    // access(W_OK) says yes to root even on a read-only mount: only a real write tells.
    writeFileSync(probe, '', { mode: PRIVATE_FILE_MODE });
    rmSync(probe, { force: true });
  } catch (err) {
    throw new StorageError(`DATA_DIR ${dir} is not writable: ${code(err)}`);
  }
  return dir;
}

/** Creates a folder (and its missing parents) readable by the owner only. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes `file` exist with mode 0600 (an existing file is made private too). SQLite gives the -wal and -shm files
 * it creates the mode of the database file, so doing this before opening a database covers all three.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';

/** How big a .docx (a zip package) may be once unzipped: every file together, and how many files. */
export interface ZipLimits {
  maxExpandedBytes: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxExpandedBytes: 20 * 1024 * 1024, maxEntries: 1_000 };

/** A package over the limits (a zip bomb, or just too big to fill): the upload gets 413, a job fails with it. */
export class ZipTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipTooLarge';
  }
}

/** A package that is not a readable zip. */
export class ZipUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipUnreadable';
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;

/**
 * Checks a zip package against the limits without ever holding more than a chunk of it unzipped: first the sizes
 * and the entry count its central directory declares, then every entry really inflated and counted, because a
 * crafted zip can declare sizes it does not have (yauzl also stops an entry that inflates past its declared size).
 * Resolves with the entry count and the unzipped size, or throws ZipTooLarge / ZipUnreadable.
 */
export async function checkZipLimits(
  bytes: Buffer,
  limits: ZipLimits,
): Promise<{ entries: number; expandedBytes: number }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch (err) {
    throw new ZipUnreadable(`not a readable zip package (${(err as Error).message})`);
  }
  const tooLarge = (what: string) =>
    new ZipTooLarge(
      `it expands to more than ${mb(limits.maxExpandedBytes)} when unzipped (${what}); a template may hold ` +
        `${mb(limits.maxExpandedBytes)} unzipped at most`,
    );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipTooLarge(
      `it holds ${zip.entryCount} files; a template may hold ${limits.maxEntries} at most`,
    );
  }
  try {
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (declared > limits.maxExpandedBytes)
        throw tooLarge(`${entry.fileName} alone declares ${mb(entry.uncompressedSize)}`);
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const counter = new Writable({
        write(chunk: Buffer, _enc, done) {
          inflated += chunk.length;
          done(inflated > limits.maxExpandedBytes ? tooLarge(`${entry.fileName} inflates past it`) : null);
        },
      });
      try {
        await pipeline(await zip.openReadStreamPromise(entry), counter);
      } catch (err) {
        if (err instanceof ZipTooLarge) throw err;
        throw new ZipUnreadable(`${entry.fileName} cannot be unzipped (${(err as Error).message})`);
      }
    }
    return { entries: entries.length, expandedBytes: inflated };
  } catch (err) {
    if (err instanceof ZipTooLarge || err instanceof ZipUnreadable) throw err;
    throw new ZipUnreadable(`not a readable zip package (${(err as Error).message})`);
  } finally {
    zip.close();
  }
}

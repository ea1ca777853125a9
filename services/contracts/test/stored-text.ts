import PizZip from 'pizzip';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serviceDbFile } from '@12yards/platform';

/**
 * A stored file's bytes as text, and for a zip (a generated .docx) the text of every entry too: the document's XML
 * is compressed, so a person's name in it is not found in the bytes as stored. For the privacy proofs' searches.
 */
export function storedText(bytes: Buffer): string {
  const parts = [bytes.toString('latin1')];
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    for (const entry of Object.values(new PizZip(bytes).files)) if (!entry.dir) parts.push(entry.asBinary());
  return parts.join('\n');
}

/** Every file under a folder, recursively (none where the folder is missing). */
export const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? filesUnder(path) : [path];
      })
    : [];

/**
 * What the contracts service stores, as text (storedText): its SQLite file with its WAL and, unless `objects` is
 * false, its objects.
 */
export function contractsStoredText(dataDir: string, { objects = true } = {}): string {
  const file = serviceDbFile(dataDir, 'contracts');
  return [file, `${file}-wal`, ...(objects ? filesUnder(join(dataDir, 'objects')) : [])]
    .filter(existsSync)
    .map((f) => storedText(readFileSync(f)))
    .join('\n');
}

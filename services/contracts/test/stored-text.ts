import PizZip from 'pizzip';

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

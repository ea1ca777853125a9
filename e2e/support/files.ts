import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PizZip from 'pizzip';
import sharp from 'sharp';

// Files the journeys upload, made fresh for each run under e2e/test-results/files (git-ignored).
const DIR = join(__dirname, '..', 'test-results', 'files');
mkdirSync(DIR, { recursive: true });

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A PNG with a coloured background and a caption, so that screenshots show which image is which. */
export async function pngFile(
  name: string,
  caption: string,
  color: string,
  size = { width: 540, height: 960 },
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <rect width="100%" height="100%" fill="${color}"/>
    <text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(size.width / 12)}" font-weight="bold"
      fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(caption)}</text>
  </svg>`;
  const path = join(DIR, name);
  writeFileSync(path, await sharp(Buffer.from(svg)).png().toBuffer());
  return path;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A minimal Word document whose paragraphs are LINES (each may hold docxtemplater placeholders like {companyName}). */
export function docxFile(name: string, lines: string[]): string {
  const zip = new PizZip();
  // [Content_Types].xml first: content sniffing (file-type) reads it to tell a .docx from other zip files.
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  const body = lines
    .map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l)}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
  );
  const path = join(DIR, name);
  writeFileSync(path, zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return path;
}

/** The visible text of a .docx (the text runs of word/document.xml). */
export function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

import * as CFB from 'cfb';
import { fileTypeFromBuffer } from 'file-type/core';

export type TemplateKind = 'doc' | 'docx' | 'pdf';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MIME: Record<TemplateKind, string> = {
  doc: 'application/msword',
  docx: DOCX_MIME,
  pdf: 'application/pdf',
};

/**
 * Whether an OLE compound file is a Word 97-2003 document: its root storage holds a `WordDocument` stream. Excel
 * (.xls: `Workbook`), PowerPoint (.ppt), installers (.msi) and the rest are compound files too, but not Word. A file
 * the parser cannot read is not a document either.
 */
export function isWordCompoundFile(bytes: Buffer): boolean {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch {
    return false;
  }
  const root = container.FullPaths[0] ?? '';
  return container.FileIndex.some(
    (entry, i) =>
      entry.type === 2 && entry.name === 'WordDocument' && container.FullPaths[i] === `${root}WordDocument`,
  );
}

/**
 * What a template file really is, from its bytes (never its name): .docx (OOXML word), .pdf, or .doc (an OLE
 * compound file, which file-type reports as application/x-cfb, holding a WordDocument stream). Anything else is null.
 */
export async function sniffTemplate(bytes: Buffer): Promise<{ kind: TemplateKind; mimeType: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  const kind: TemplateKind | undefined =
    found?.ext === 'docx'
      ? 'docx'
      : found?.ext === 'pdf'
        ? 'pdf'
        : found?.ext === 'cfb' && isWordCompoundFile(bytes)
          ? 'doc'
          : undefined;
  return kind ? { kind, mimeType: MIME[kind] } : null;
}

/** A display file name without any path, control characters or misleading extension: `name.<kind>`. */
export function templateFileName(original: string, kind: TemplateKind): string {
  const base = original
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  const stem = base.replace(/\.(docx?|pdf)$/i, '').slice(0, 200) || 'template';
  return `${stem}.${kind}`;
}

import { fileTypeFromBuffer } from 'file-type/core';

export type TemplateKind = 'doc' | 'docx' | 'pdf';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MIME: Record<TemplateKind, string> = {
  doc: 'application/msword',
  docx: DOCX_MIME,
  pdf: 'application/pdf',
};

/**
 * What a template file really is, from its bytes (never its name): .docx (OOXML word), .pdf, or .doc (an OLE
 * compound file, which file-type reports as application/x-cfb). Anything else is null.
 */
export async function sniffTemplate(bytes: Buffer): Promise<{ kind: TemplateKind; mimeType: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  const kind: TemplateKind | undefined =
    found?.ext === 'docx' ? 'docx' : found?.ext === 'pdf' ? 'pdf' : found?.ext === 'cfb' ? 'doc' : undefined;
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

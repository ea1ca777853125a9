import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

// Kept free of other imports: it is loaded by every render process (render-worker.ts), whose start should be quick.

/** The values a document is filled with, by placeholder name (see data.ts). */
export type DocumentData = Record<string, string>;

/** A template that cannot be filled: the 422 names each broken or unknown placeholder. */
export class TemplateProblem extends Error {
  constructor(
    message: string,
    readonly details: { placeholder?: string; problem: string }[],
  ) {
    super(message);
    this.name = 'TemplateProblem';
  }
}

interface DocxError {
  properties?: { id?: string; xtag?: string; explanation?: string; errors?: DocxError[] };
  message?: string;
}

/** Fills a .docx template; a malformed template or placeholder throws TemplateProblem, never a bare error. */
export function renderDocx(template: Buffer, data: DocumentData): Buffer {
  let zip: PizZip;
  try {
    zip = new PizZip(template);
  } catch {
    throw new TemplateProblem('The template is not a readable .docx file', [
      { problem: 'not a .docx (zip) package' },
    ]);
  }
  const unknown = new Set<string>();
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      // `{ companyName }` means `{companyName}`. Only the data's own values resolve: `{constructor}`,
      // `{toString}` or `{__proto__}` would otherwise reach Object.prototype; they are unknown placeholders.
      parser: (tag: string) => {
        const name = tag.trim();
        return {
          get: (scope: Record<string, unknown>) =>
            name === '.' ? scope : Object.hasOwn(scope, name) ? scope[name] : undefined,
        };
      },
      nullGetter: (part: { value?: string }) => {
        if (part.value !== undefined) unknown.add(part.value.trim());
        return '';
      },
    });
    doc.render(data);
  } catch (err) {
    const e = err as DocxError;
    const errors = e.properties?.errors?.length ? e.properties.errors : [e];
    const details = errors.map((x) => ({
      placeholder: x.properties?.xtag,
      problem: x.properties?.explanation ?? x.message ?? 'invalid template',
    }));
    const names = details.map((d) => d.placeholder).filter(Boolean);
    throw new TemplateProblem(
      names.length
        ? `The template has a broken placeholder: ${names.map((n) => `{${n}}`).join(', ')}`
        : `The template cannot be filled: ${details[0]?.problem}`,
      details,
    );
  }
  if (unknown.size > 0) {
    const names = [...unknown];
    throw new TemplateProblem(
      `The template has an unknown placeholder: ${names.map((n) => `{${n}}`).join(', ')}`,
      names.map((n) => ({
        placeholder: n,
        problem: `{${n}} is not one of ${Object.keys(data).join(', ')}`,
      })),
    );
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

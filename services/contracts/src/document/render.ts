import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { contractFieldNames, type Contract } from '@12yards/api';

/** Every placeholder a template may use: each contract field, plus these. */
export const EXTRA_PLACEHOLDERS = ['contractId', 'partnerName', 'documentDate'] as const;
export const PLACEHOLDERS: readonly string[] = [...contractFieldNames, ...EXTRA_PLACEHOLDERS];

export type DocumentData = Record<(typeof PLACEHOLDERS)[number], string>;

/** The values a document is filled with. Amounts are the text as entered (e.g. '£1,500'); numbers become text. */
export function documentData(contract: Contract, partnerName: string, documentDate: string): DocumentData {
  const data: DocumentData = { contractId: contract.id, partnerName, documentDate };
  for (const field of contractFieldNames) data[field] = String(contract[field]);
  return data;
}

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
      // `{ companyName }` means `{companyName}`.
      parser: (tag: string) => ({
        get: (scope: Record<string, unknown>) => (tag.trim() === '.' ? scope : scope[tag.trim()]),
      }),
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
      names.map((n) => ({ placeholder: n, problem: `{${n}} is not one of ${PLACEHOLDERS.join(', ')}` })),
    );
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

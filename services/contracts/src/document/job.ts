import type { JobHandler, ObjectStore, ReadModels } from '@12yards/platform';
import { contractRows, contractView } from '../contract/projection';
import { partnerRows } from '../partner-view/projection';
import { DOCX_MIME } from '../template/sniff';
import { latestValidDocxTemplate } from '../template/projection';
import { loadDefaultTemplate } from './default-template';
import { documentData, renderDocx, TemplateProblem } from './render';

export const DOCUMENT_JOB = 'contract-document';

export interface DocumentJobData {
  contractId: string;
  /** The day the document is made for (YYYY-MM-DD): picks the template and fills documentDate. */
  today: string;
}

/**
 * A job that cannot succeed (broken template, contract gone) completes with ok: false, so it is not retried;
 * a failure that may pass (storage unavailable) throws, and the queue tries again.
 */
export type DocumentJobResult =
  | { ok: true; objectKey: string; fileName: string; size: number; templateId: string | null }
  | { ok: false; error: { status: number; code: string; message: string; details?: unknown } };

export const documentKey = (contractId: string, jobId: string) =>
  `contract-documents/${contractId}/${jobId}.docx`;

async function readAll(objects: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await objects.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function documentJobHandler(deps: {
  models: ReadModels;
  objects: ObjectStore;
}): JobHandler<DocumentJobData, DocumentJobResult> {
  return async ({ contractId, today }, { jobId }) => {
    const row = await contractRows(deps.models).get(contractId);
    if (!row)
      return {
        ok: false,
        error: { status: 404, code: 'not_found', message: `No contract with id ${contractId}` },
      };
    const contract = contractView(row);
    const partner = await partnerRows(deps.models).get(contract.partnerId);

    const template = await latestValidDocxTemplate(deps.models, today);
    let templateBytes: Buffer | null = null;
    if (template) {
      templateBytes = await readAll(deps.objects, template.objectKey);
      if (!templateBytes)
        throw new Error(`The file of template ${template.id} is missing from the object store`);
    }
    let document: Buffer;
    try {
      document = renderDocx(
        templateBytes ?? (await loadDefaultTemplate()),
        documentData(contract, partner?.name ?? '', today),
      );
    } catch (err) {
      if (!(err instanceof TemplateProblem)) throw err;
      const which = template ? `template “${template.name}”` : 'default template';
      return {
        ok: false,
        error: {
          status: 422,
          code: 'template_invalid',
          message: `${err.message} (${which})`,
          details: err.details,
        },
      };
    }
    const objectKey = documentKey(contractId, jobId);
    await deps.objects.put(objectKey, document, { contentType: DOCX_MIME, metadata: { contractId, jobId } });
    return {
      ok: true,
      objectKey,
      fileName: `contract-${contractId}.docx`,
      size: document.length,
      templateId: template?.id ?? null,
    };
  };
}

import {
  NotFound,
  runCommand,
  type CommandSite,
  type EventMeta,
  type JobHandler,
  type ObjectStore,
  type ReadModels,
} from '@12yards/platform';
import { contractDecider } from '../contract/decide';
import { streamId } from '../contract/events';
import { contractRows, contractView } from '../contract/projection';
import { partnerRows } from '../partner-view/projection';
import { DOCX_MIME } from '../template/sniff';
import { latestValidDocxTemplate } from '../template/projection';
import { checkZipLimits, ZipTooLarge, ZipUnreadable } from '../template/zip-limits';
import { renderDocxBounded, RenderLimitExceeded } from './bounded-render';
import { loadDefaultTemplate } from './default-template';
import { documentData } from './data';
import type { DocumentLimits } from './limits';
import { TemplateProblem } from './render';

export type { DocumentLimits } from './limits';

export const DOCUMENT_JOB = 'contract-document';

export interface DocumentJobData {
  contractId: string;
  /** The day the document is made for (YYYY-MM-DD): picks the template and fills documentDate. */
  today: string;
  /** Who asked (the admin's username and the request's id): the actor of the ContractDocumentGenerated event. */
  requestedBy?: EventMeta;
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

/** Fills the template within the limits: a package too big to unzip is refused before any render starts. */
async function fill(template: Buffer, data: ReturnType<typeof documentData>, limits: DocumentLimits) {
  try {
    await checkZipLimits(template, limits.zip);
  } catch (err) {
    if (err instanceof ZipUnreadable)
      throw new TemplateProblem('The template is not a readable .docx file', [{ problem: err.message }]);
    throw err;
  }
  return renderDocxBounded(template, data, limits.render);
}

/** The contract is gone (never there, or deleted while its document was made). */
const noContract = (contractId: string): DocumentJobResult => ({
  ok: false,
  error: { status: 404, code: 'not_found', message: `No contract with id ${contractId}` },
});

export function documentJobHandler(deps: {
  models: ReadModels;
  objects: ObjectStore;
  limits: DocumentLimits;
  /** Where ContractDocumentGenerated is appended: the service's event store and projector, or the worker's. */
  site: CommandSite;
  clock: () => Date;
}): JobHandler<DocumentJobData, DocumentJobResult> {
  return async ({ contractId, today, requestedBy }, { jobId }) => {
    const row = await contractRows(deps.models).get(contractId);
    if (!row) return noContract(contractId);
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
    const which = template ? `template “${template.name}”` : 'default template';
    try {
      document = await fill(
        templateBytes ?? (await loadDefaultTemplate()),
        documentData(contract, partner?.name ?? '', today),
        deps.limits,
      );
    } catch (err) {
      if (err instanceof ZipTooLarge || err instanceof RenderLimitExceeded) {
        // The same template would fail the same way on every try: this job ends here, with the reason.
        return {
          ok: false,
          error: {
            status: 422,
            code: 'template_too_large',
            message: `Document generation failed: the ${which} is too large: ${err.message}`,
          },
        };
      }
      if (!(err instanceof TemplateProblem)) throw err;
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
    const fileName = `contract-${contractId}.docx`;
    const templateId = template?.id ?? null;
    try {
      // The event's id derives from the job's: a retried or redelivered job appends nothing twice.
      await runCommand(
        deps.site,
        streamId(contractId),
        contractDecider,
        { type: 'RecordDocumentGenerated', id: contractId, fileName, templateId, jobId, at: deps.clock() },
        { meta: requestedBy ?? {}, causedBy: { eventId: jobId, purpose: 'document-generated' } },
      );
    } catch (err) {
      if (err instanceof NotFound) return noContract(contractId);
      throw err;
    }
    return { ok: true, objectKey, fileName, size: document.length, templateId };
  };
}

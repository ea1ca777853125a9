import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response, Router } from 'express';
import multer from 'multer';
import { MAX_TEMPLATE_BYTES, SELECT_FILE_MESSAGE, templateMeta, templatePatch } from '@12yards/api';
import { contractsRoutes as routes } from '@12yards/api/src/routes/contracts';
import {
  contractRoutes as bindRoutes,
  entityAccess,
  findPage,
  Invalid,
  NotFound,
  parse,
  requestMeta,
  runCommand,
  runRequestCommand,
  TooLarge,
  Unprocessable,
  UnsupportedMediaType,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { contractTemplateDecider } from './decide';
import { streamId } from './events';
import { templateRows, templateView } from './projection';
import { sniffTemplate, templateFileName } from './sniff';
import { checkZipLimits, ZipTooLarge, ZipUnreadable, type ZipLimits } from './zip-limits';

const adminTemplateView = withVersion(templateView);

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_TEMPLATE_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
}).single('file');

/** multer as a promise-free middleware whose errors become domain errors (TooLarge for a too large file, else Invalid). */
function receiveFile(req: Request, res: Response, next: NextFunction) {
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') {
        return next(new TooLarge(`The file is larger than ${MAX_TEMPLATE_BYTES / 1024 / 1024} MB`));
      }
      return next(new Invalid(err.message, { field: err.field }, { code: 'bad_upload' }));
    }
    // Whatever else busboy throws is about the body it was sent (no boundary, a malformed part header).
    next(
      new Invalid('The upload is not a valid multipart/form-data body', undefined, { code: 'bad_upload' }),
    );
  });
}

/**
 * A .docx is a zip: one that unzips to more than the limits (a zip bomb) is refused before it is stored, since
 * every document made from it would have to unzip it.
 */
async function refuseOversizedDocx(bytes: Buffer, limits: ZipLimits) {
  try {
    await checkZipLimits(bytes, limits);
  } catch (err) {
    if (err instanceof ZipTooLarge)
      throw new TooLarge(
        `The template is too large: ${err.message}`,
        { maxUnzippedBytes: limits.maxExpandedBytes, maxFiles: limits.maxEntries },
        { code: 'template_too_large' },
      );
    if (err instanceof ZipUnreadable)
      throw new Unprocessable(`The template is not a readable .docx file: ${err.message}`, undefined, {
        code: 'template_invalid',
      });
    throw err;
  }
}

export function contractTemplateRoutes(ctx: ServiceContext<'objects'>, zipLimits: ZipLimits): Router {
  const { infra } = ctx;
  const { router, on } = bindRoutes(ctx.env.INTERNAL_SECRET);
  const rows = templateRows(infra.readModels);
  const templates = entityAccess(ctx, {
    rows,
    streamId,
    decider: contractTemplateDecider,
    name: 'contract template',
  });

  // Latest validity first, one page at a time; q searches the names and file names.
  on(routes.templateList, async ({ query: { q, ...page }, req, res }) => {
    const list = await findPage(rows, req, res, {
      sort: [
        { field: 'validFromDate', dir: 'desc' },
        { field: 'createdAt', dir: 'desc' },
      ],
      page,
      ...(q && { search: { fields: ['name', 'fileName'], text: q } }),
    });
    return { status: 200, body: list.map(adminTemplateView) };
  });

  on(
    routes.templateUpload,
    async ({ req }) => {
      const file = req.file;
      if (!file || file.size === 0)
        throw new Invalid(SELECT_FILE_MESSAGE, undefined, { code: 'file_required' });
      const fields = parse(templateMeta, req.body ?? {});
      const sniffed = await sniffTemplate(file.buffer);
      if (!sniffed) {
        throw new UnsupportedMediaType(
          'The file must be a .doc, .docx or .pdf document',
          { allowed: ['.doc', '.docx', '.pdf'] },
          { code: 'unsupported_file_type' },
        );
      }
      if (sniffed.kind === 'docx') await refuseOversizedDocx(file.buffer, zipLimits);
      const templateId = randomUUID();
      const objectKey = `contract-templates/${templateId}.${sniffed.kind}`;
      const fileName = templateFileName(file.originalname, sniffed.kind);
      await infra.objects.put(objectKey, file.buffer, {
        contentType: sniffed.mimeType,
        metadata: { templateId },
      });
      await runCommand(
        ctx,
        streamId(templateId),
        contractTemplateDecider,
        {
          type: 'UploadTemplate',
          file: {
            templateId,
            ...fields,
            fileName,
            kind: sniffed.kind,
            mimeType: sniffed.mimeType,
            size: file.size,
            objectKey,
          },
          at: ctx.clock(),
        },
        { meta: requestMeta(req), undo: () => infra.objects.delete(objectKey) }, // nothing half-written
      );
      const row = await templates.find(templateId);
      return { status: 201, body: adminTemplateView(row), version: row.version };
    },
    { before: [receiveFile] },
  );

  // An empty body is an empty patch.
  on(
    routes.templatePatch,
    async ({ params, body: patch, req }) => {
      const row = await templates.write(req, {
        type: 'ChangeTemplate',
        id: params.id,
        ...patch,
        at: ctx.clock(),
      });
      return { status: 200, body: adminTemplateView(row), version: row.version };
    },
    { body: (raw) => parse(templatePatch, raw ?? {}) },
  );

  on(routes.templateDelete, async ({ params: { id }, req }) => {
    const { events } = await runRequestCommand(ctx, req, streamId(id), contractTemplateDecider, {
      type: 'DeleteTemplate',
      id,
      at: ctx.clock(),
    });
    const deleted = events[0]?.data as { objectKey?: string } | undefined;
    // The event is the record; the file goes after it (a leftover file is harmless, a missing one would not be).
    if (deleted?.objectKey)
      await infra.objects
        .delete(deleted.objectKey)
        .catch((err) => req.log.warn({ err }, 'template file not deleted'));
    return { status: 204 };
  });

  on(routes.templateDownload, async ({ params: { id }, res }) => {
    const row = await templates.find(id);
    const object = await infra.objects.get(row.objectKey);
    if (!object) throw new NotFound(`The file of contract template ${id} is missing`);
    res.attachment(row.fileName);
    res.type(row.mimeType ?? object.info.contentType);
    res.set('Content-Length', String(object.info.size));
    object.body.on('error', (err) => res.destroy(err));
    object.body.pipe(res);
  });

  return router;
}

import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import { mediaRoutes as routes } from '@12yards/api/src/routes/media';
import {
  contractRoutes as bindRoutes,
  Invalid,
  NotFound,
  RangeNotSatisfiable,
  TooLarge,
  type ServiceContext,
} from '@12yards/platform';
import type { ByteRange } from '@12yards/platform';
import { VARIANT_WIDTHS } from './images';
import { onlyInTrash } from '../media-file/trash';
import { findUpload, storeUpload } from './store';
import { addUploadToLibrary } from '../media-file/library';

export interface UploadOptions {
  /** Largest accepted file, in bytes; larger answers 413. */
  maxUploadBytes: number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** multer for exactly one file in field 'file'; its errors become TooLarge (too big) or Invalid (anything malformed). */
function receiveOneFile(maxUploadBytes: number): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxUploadBytes, files: 1, fields: 20, parts: 21, fieldSize: 10_000 },
    defParamCharset: 'utf8',
  }).single('file');
  return (req: Request, res: Response, next: NextFunction) => {
    single(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        return next(new TooLarge(`The file is larger than ${megabytes(maxUploadBytes)}`));
      }
      if (err instanceof multer.MulterError)
        return next(new Invalid(`Upload refused: ${err.message}`, { code: err.code, field: err.field }));
      next(new Invalid('The upload is not a valid multipart/form-data body'));
    });
  };
}

/** Whether a Range header may be honoured: no If-Range, or an If-Range naming the current (strong) ETag. */
function ifRangeHolds(req: Request, etag: string): boolean {
  const ifRange = req.headers['if-range'];
  return ifRange === undefined || ifRange === etag;
}

export function uploadRoutes(ctx: ServiceContext<'objects'>, options: UploadOptions): Router {
  const { router, on } = bindRoutes(ctx.env.INTERNAL_SECRET);
  const receiveFile = receiveOneFile(options.maxUploadBytes);

  // Both paths are admin-only (news images and gallery screenshots); the gateway also demands a session. What is
  // uploaded is in the media library at once.
  for (const contract of [routes.upload, routes.adminUpload]) {
    on(
      contract,
      async ({ req }) => {
        if (!req.file) throw new Invalid("No file was sent (multipart field 'file')");
        const actor = { username: req.admin?.username, requestId: String(req.id) };
        const result = await storeUpload(ctx, req.file, actor);
        await addUploadToLibrary(ctx, result, actor);
        return { status: 201, body: result };
      },
      { before: [receiveFile] },
    );
  }

  // w is checked once the file is found (a missing file is a 404 whatever its w), naming the widths there are.
  on(
    routes.file,
    async ({ params: { name }, req, res }) => {
      const upload = await findUpload(ctx, name);
      if (await onlyInTrash(ctx, upload.id)) throw new NotFound(`No media file named ${upload.filename}`);
      let key = upload.key;
      const w = req.query.w;
      if (w !== undefined) {
        const variant = upload.variants.find((v) => String(v.width) === w);
        if (!variant) throw new Invalid(`w must be one of ${VARIANT_WIDTHS.join(', ')}`);
        key = variant.key;
      }
      const info = await ctx.infra.objects.stat(key);
      if (!info) throw new NotFound(`No media file named ${upload.filename}`);

      res.set({
        'Content-Type': info.contentType,
        ETag: info.etag,
        'Cache-Control': IMMUTABLE,
        'Accept-Ranges': 'bytes',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.fresh) {
        res.status(304).end();
        return;
      }

      let range: ByteRange | undefined;
      if (req.headers.range && ifRangeHolds(req, info.etag)) {
        const ranges = req.range(info.size, { combine: true });
        if (ranges === -1) throw new RangeNotSatisfiable(info.size);
        // A malformed header (-2), another unit or several ranges: the whole file is a valid answer.
        if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
      }
      if (range) {
        res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      res.set('Content-Length', String(range ? range.end - range.start + 1 : info.size));
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const object = await ctx.infra.objects.get(key, range);
      if (!object) throw new NotFound(`No media file named ${upload.filename}`);
      try {
        await pipeline(object.body, res);
      } catch (err) {
        // The client went away, or the read failed after the headers were sent: nothing more can be answered.
        if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          ctx.logger.warn({ err, key }, 'streaming a media file failed');
        }
      }
    },
    { query: () => ({}) },
  );

  return router;
}

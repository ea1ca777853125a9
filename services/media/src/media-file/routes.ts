import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { MEDIA_PATH, mediaFileInput, pageQuery, type MediaFile } from '@12yards/api';
import {
  findPage,
  ifMatchVersions,
  notFound,
  parse,
  requireAdmin,
  runCommand,
  setVersionEtag,
  unprocessable,
  type ServiceContext,
} from '@12yards/platform';
import { removeUpload, uploadIdOf } from '../upload/store';
import { uploadRows } from '../upload/projection';
import { referenceRows } from '../reference/projection';
import { mediaFileDecider } from './decide';
import { streamId } from './events';
import { mediaFileRows, type MediaFileRow } from './projection';

/** The admin's view of a library entry, with its version for If-Match on delete. */
const view = ({ order: _order, uploadId: _uploadId, ...row }: MediaFileRow): MediaFile => row;

export function mediaFileRoutes(ctx: ServiceContext<'objects'>): Router {
  const { infra } = ctx;
  const router = Router();
  const rows = mediaFileRows(infra.readModels);
  const secret = ctx.env.INTERNAL_SECRET;

  // Newest first, one page at a time.
  router.get('/api/admin/media', requireAdmin(secret), async (req, res) => {
    const page = parse(pageQuery, req.query);
    const list = await findPage(rows, req, res, { sort: [{ field: 'order', dir: 'desc' }], page });
    res.set('Cache-Control', 'no-store').json(list.map(view));
  });

  router.post('/api/admin/media', requireAdmin(secret), async (req, res) => {
    const input = parse(mediaFileInput, req.body);
    let uploadId: string | null = null;
    if (MEDIA_PATH.test(input.url)) {
      const name = input.url.slice('/media/'.length);
      const id = uploadIdOf(name);
      const upload = id ? await uploadRows(infra.readModels).get(id) : null;
      if (!upload || upload.filename !== name) {
        throw unprocessable('No uploaded file has that URL', [
          { path: 'url', message: 'No uploaded file has that URL' },
        ]);
      }
      uploadId = upload.id;
    }
    const id = randomUUID();
    await runCommand(
      ctx,
      streamId(id),
      mediaFileDecider,
      {
        type: 'AddMediaFile',
        id,
        filename: input.filename,
        originalName: input.originalName,
        mimeType: input.mimeType,
        size: input.size,
        url: input.url,
        altText: input.altText ?? null,
        uploadId,
        uploadedBy: req.admin?.username ?? null,
        at: ctx.clock(),
      },
      { meta: { actor: req.admin?.username, requestId: String(req.id) } },
    );
    const row = await rows.get(id);
    if (!row) throw notFound(`No media file with id ${id}`);
    setVersionEtag(res, row.version);
    res.status(201).set('Cache-Control', 'no-store').json(view(row));
  });

  router.delete('/api/admin/media/:id', requireAdmin(secret, 'admin'), async (req, res) => {
    const id = String(req.params.id);
    const actor = { username: req.admin?.username, requestId: String(req.id) };
    const result = await runCommand(
      ctx,
      streamId(id),
      mediaFileDecider,
      { type: 'DeleteMediaFile', id, at: ctx.clock() },
      { meta: { actor: actor.username, requestId: actor.requestId }, ifVersion: ifMatchVersions(req) },
    );
    const deleted = result.events[0]?.data as { uploadId: string | null } | undefined;
    // The bytes go once no other library entry, news article or screenshot points at the same upload.
    if (
      deleted?.uploadId &&
      (await rows.count({ uploadId: deleted.uploadId })) === 0 &&
      (await referenceRows(infra.readModels).count({ uploadId: deleted.uploadId })) === 0
    ) {
      await removeUpload(ctx, deleted.uploadId, actor);
    }
    res.status(204).end();
  });

  return router;
}

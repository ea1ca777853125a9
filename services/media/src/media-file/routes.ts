import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { MEDIA_PATH, type MediaFile } from '@12yards/api';
import { mediaRoutes as routes } from '@12yards/api/src/routes/media';
import {
  contractRoutes as bindRoutes,
  findPage,
  ifMatchVersions,
  NotFound,
  runCommand,
  Unprocessable,
  type ServiceContext,
} from '@12yards/platform';
import { NOT_TRASHED } from '@12yards/workbench';
import { uploadIdOf } from '../upload/store';
import { uploadRows } from '../upload/projection';
import { streamId } from './events';
import { addMediaFile } from './library';
import { mediaFileRows, type MediaFileRow } from './projection';
import { trashableMediaFileDecider } from './trash';

/** The admin's view of a library entry, with its version for If-Match on delete. */
const view = ({ order: _order, uploadId: _uploadId, ...row }: MediaFileRow): MediaFile => row;

export function mediaFileRoutes(ctx: ServiceContext<'objects'>): Router {
  const { infra } = ctx;
  const { router, on } = bindRoutes(ctx.env.INTERNAL_SECRET);
  const rows = mediaFileRows(infra.readModels);

  // Newest first, one page at a time; q searches the names and alt texts.
  on(routes.mediaList, async ({ query: { q, ...page }, req, res }) => {
    const list = await findPage(rows, req, res, {
      where: NOT_TRASHED,
      sort: [{ field: 'order', dir: 'desc' }],
      page,
      ...(q && { search: { fields: ['originalName', 'filename', 'altText'], text: q } }),
    });
    return { status: 200, body: list.map(view) };
  });

  on(routes.mediaAdd, async ({ body: input, req }) => {
    let uploadId: string | null = null;
    if (MEDIA_PATH.test(input.url)) {
      const name = input.url.slice('/media/'.length);
      const id = uploadIdOf(name);
      const upload = id ? await uploadRows(infra.readModels).get(id) : null;
      if (!upload || upload.filename !== name) {
        throw new Unprocessable('No uploaded file has that URL', [
          { path: 'url', message: 'No uploaded file has that URL' },
        ]);
      }
      uploadId = upload.id;
      // The upload is in the library since it was uploaded: adding it describes that entry (its alt text) and
      // answers it as an add does, rather than listing the file twice.
      const entry = await rows.get(upload.id);
      if (entry && !entry.trashedAt) {
        await runCommand(
          ctx,
          streamId(entry.id),
          trashableMediaFileDecider,
          { type: 'DescribeMediaFile', id: entry.id, altText: input.altText ?? null, at: ctx.clock() },
          { meta: { actor: req.admin?.username, requestId: String(req.id) } },
        );
        const described = (await rows.get(entry.id))!;
        return { status: 201, body: view(described), version: described.version };
      }
    }
    const id = randomUUID();
    await addMediaFile(
      ctx,
      { id, uploadId, file: input, altText: input.altText ?? null },
      { username: req.admin?.username, requestId: String(req.id) },
    );
    const row = await rows.get(id);
    if (!row) throw new NotFound(`No media file with id ${id}`);
    return { status: 201, body: view(row), version: row.version };
  });

  // Deleting moves the entry to the trash; its file is no longer served. Purged from the trash, the bytes go.
  on(routes.mediaDelete, async ({ params: { id }, req }) => {
    await runCommand(
      ctx,
      streamId(id),
      trashableMediaFileDecider,
      { type: 'MoveToTrash', id, at: ctx.clock() },
      { meta: { actor: req.admin?.username, requestId: String(req.id) }, ifVersion: ifMatchVersions(req) },
    );
    return { status: 204 };
  });

  return router;
}

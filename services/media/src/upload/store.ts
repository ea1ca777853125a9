import { randomUUID } from 'node:crypto';
import type { UploadResult } from '@12yards/api';
import {
  NotFound,
  runCommand,
  Unprocessable,
  UnsupportedMediaType,
  type ServiceContext,
} from '@12yards/platform';
import { uploadDecider } from './decide';
import { streamId, type StoredVariant } from './events';
import { ImageDecodeError, makeVariants, sniffImage, withoutMetadata } from './images';
import { uploadRows } from './projection';

/** Served names: /media/<uuid>.<ext>. Anything else is not a file of ours. */
export const SERVED_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{2,5})$/;

/** The upload id in a served name, or null. */
export function uploadIdOf(name: string): string | null {
  return SERVED_NAME.exec(name)?.[1] ?? null;
}

/** Every key this service writes starts with media/, so /media/ can never reach another service's objects. */
const objectKey = (name: string) => `media/${name}`;

/** The client's file name, kept as a label only: no directories, no control characters, at most 300 characters. */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 300);
  return clean || fallback;
}

export interface IncomingFile {
  buffer: Buffer;
  originalname?: string;
}

/**
 * Sniffs, renders the variants, strips the metadata, stores the bytes, then records MediaUploaded. A failure after the first write
 * removes what was written, so nothing is half-stored.
 */
export async function storeUpload(
  ctx: ServiceContext<'objects'>,
  file: IncomingFile,
  actor: { username?: string; requestId?: string },
): Promise<UploadResult> {
  const sniffed = await sniffImage(file.buffer);
  if (!sniffed) {
    throw new UnsupportedMediaType('Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded');
  }
  let rendered;
  let bytes: Buffer;
  try {
    rendered = await makeVariants(file.buffer, sniffed.mimeType);
    // What is stored and served: never the location or camera data of a photo.
    bytes = await withoutMetadata(file.buffer, sniffed.mimeType);
  } catch (err) {
    if (err instanceof ImageDecodeError && err.reason === 'too_many_pixels') {
      throw new Unprocessable(`The image is too large: ${err.message}`, undefined, {
        code: 'image_too_large',
      });
    }
    if (err instanceof ImageDecodeError) throw new UnsupportedMediaType('The file is not a readable image');
    throw err;
  }

  const id = randomUUID();
  const filename = `${id}.${sniffed.ext}`;
  const key = objectKey(filename);
  const originalName = cleanOriginalName(file.originalname, filename);
  const { objects } = ctx.infra;
  const written: string[] = [];
  const undo = () => Promise.all(written.map((k) => objects.delete(k).catch(() => undefined)));
  const variants: StoredVariant[] = [];
  try {
    await objects.put(key, bytes, { contentType: sniffed.mimeType });
    written.push(key);
    for (const v of rendered) {
      if (v.bytes.length >= bytes.length) {
        // A re-encoding that is not smaller is no better for a phone: serve the original instead.
        variants.push({ width: v.width, key, mimeType: sniffed.mimeType, size: bytes.length });
        continue;
      }
      const variantKey = objectKey(`${id}-w${v.width}.webp`);
      await objects.put(variantKey, v.bytes, { contentType: 'image/webp' });
      written.push(variantKey);
      variants.push({ width: v.width, key: variantKey, mimeType: 'image/webp', size: v.bytes.length });
    }
  } catch (err) {
    await undo();
    throw err;
  }
  await runCommand(
    ctx,
    streamId(id),
    uploadDecider,
    {
      type: 'RecordUpload',
      id,
      key,
      filename,
      originalName,
      mimeType: sniffed.mimeType,
      size: bytes.length,
      variants,
      uploadedBy: actor.username ?? null,
      at: ctx.clock(),
    },
    { meta: { actor: actor.username, requestId: actor.requestId }, undo },
  );
  return {
    url: `/media/${filename}`,
    filename,
    originalName,
    mimeType: sniffed.mimeType,
    size: bytes.length,
  };
}

/**
 * Records MediaUploadRemoved and deletes the bytes (original and variants). The event comes first, so the file
 * stops being served even if deleting a blob fails; such a blob is logged and left behind, unreachable.
 */
export async function removeUpload(
  ctx: ServiceContext<'objects'>,
  id: string,
  actor: { username?: string; requestId?: string },
): Promise<void> {
  let keys: string[];
  try {
    const result = await runCommand(
      ctx,
      streamId(id),
      uploadDecider,
      { type: 'RemoveUpload', id, at: ctx.clock() },
      { meta: { actor: actor.username, requestId: actor.requestId } },
    );
    const removed = result.events.find((e) => e.type === 'MediaUploadRemoved');
    if (!removed) return; // already removed
    keys = (removed.data as { keys: string[] }).keys;
  } catch (err) {
    if (err instanceof NotFound) return;
    throw err;
  }
  for (const key of keys) {
    await ctx.infra.objects
      .delete(key)
      .catch((err) => ctx.logger.warn({ err, key }, 'could not delete a media object'));
  }
}

/** The upload behind a served name, or a 404. */
export async function findUpload(ctx: ServiceContext, name: string) {
  const id = uploadIdOf(name);
  const row = id ? await uploadRows(ctx.infra.readModels).get(id) : null;
  if (!row || row.filename !== name) throw new NotFound(`No media file named ${name}`);
  return row;
}

import { z } from 'zod';
import { entityVersion, optionalText, requiredInt, requiredText } from './common';
import { pageQuery, searchText } from './pagination';

export const imageMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export type ImageMimeType = (typeof imageMimeTypes)[number];

/** The path of a file the media service serves: /media/<name>. */
export const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

const isHttpsUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname !== '';
  } catch {
    return false;
  }
};

/** A file served by the media service (/media/...) or an https URL: never javascript:, data: or plain http. */
export const isMediaOrHttpsUrl = (v: string) => MEDIA_PATH.test(v) || isHttpsUrl(v);

/** A media file's address: a file served by the media service (/media/...) or an https URL. */
export const mediaUrl = requiredText('URL', 2048).refine(
  (v) => v === '' || isMediaOrHttpsUrl(v), // an empty one gets only "URL is required"
  'URL must be a /media/ address of an uploaded file or start with https://',
);

/** An image shown on the site (news, app gallery): the same rule as a media file's address. */
export const IMAGE_URL_MESSAGE =
  'Image URL must be a /media/ address of an uploaded file or start with https://';

export const uploadResult = z.object({
  url: z.string(),
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResult>;

/** The largest size a media record may give: 2 GiB - 1, a 32-bit integer in every store. */
export const MAX_MEDIA_FILE_BYTES = 2_147_483_647;

/** The media library's pages; q keeps the files whose name or alt text holds it. */
export const mediaListQuery = pageQuery.extend({ q: searchText });

export const mediaFileInput = z.object({
  filename: requiredText('Filename', 300),
  originalName: requiredText('Original name', 300),
  mimeType: requiredText('MIME type', 100),
  size: requiredInt(0, MAX_MEDIA_FILE_BYTES, 'Size (bytes) '),
  url: mediaUrl,
  altText: optionalText(500),
});
export type MediaFileInput = z.input<typeof mediaFileInput>;

export const mediaFile = z.object({
  id: z.string(),
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  altText: z.string().nullable().optional(),
  uploadedBy: z.string().nullable().optional(),
  createdAt: z.string(),
  version: entityVersion,
});
export type MediaFile = z.infer<typeof mediaFile>;

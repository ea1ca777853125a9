import { z } from 'zod';
import { mediaFile, mediaFileInput, mediaListQuery, uploadResult } from '../media';
import { defineRoutes, named, json, list, none, idParam, WRITE } from './contract';

// Requests (their input form) and answers (their output form) of the media routes.
const S = {
  mediaFileInput: named('MediaFileInput', mediaFileInput),
  mediaFile: named('MediaFile', mediaFile),
  uploadResult: named('UploadResult', uploadResult),
} as const;

/** The path parameter of /media/{name}: an uploaded file's stored name. */
const mediaName = z.string().min(1).max(201);

/** An image upload, answered on two paths (the admin panel's, and the older one). */
const upload = <P extends string>(path: P) =>
  ({
    method: 'post',
    path,
    tag: 'Media',
    creates: { path: '/media/{name}', from: 'filename' },
    summary: 'Upload an image (multipart field file); served from the answered /media/ URL',
    access: 'admin',
    body: { kind: 'multipart', file: 'file', fileRequired: true },
    success: [{ status: 201, description: 'The stored file', body: json(S.uploadResult) }],
    // 415 not a readable image, 422 an image too large to decode
    errors: [415, 422, ...WRITE],
  }) as const;

export const mediaRoutes = defineRoutes({
  mediaList: {
    method: 'get',
    path: '/api/admin/media',
    tag: 'Media',
    summary: 'The media library, newest first (q: the files whose name or alt text holds it)',
    access: 'admin',
    query: mediaListQuery,
    success: [{ status: 200, description: 'The files', body: list(S.mediaFile) }],
  },
  mediaAdd: {
    method: 'post',
    path: '/api/admin/media',
    creates: { path: '/api/admin/media/{id}', from: 'id' },
    tag: 'Media',
    summary: 'Add an uploaded file (or an https URL) to the library',
    access: 'admin',
    body: json(S.mediaFileInput),
    success: [{ status: 201, description: 'The library entry', body: json(S.mediaFile) }],
    // 422 a /media/ URL of no uploaded file
    errors: [422, ...WRITE],
  },
  mediaDelete: {
    method: 'delete',
    path: '/api/admin/media/{id}',
    versioned: true,
    tag: 'Media',
    summary:
      'Move a library entry to the trash (its file is not served meanwhile; purged, the file goes once nothing points at it)',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Removed', body: none }],
    errors: [404, ...WRITE],
  },
  upload: upload('/api/upload'),
  adminUpload: upload('/api/admin/upload'),
  file: {
    method: 'get',
    path: '/media/{name}',
    tag: 'Media',
    summary: 'An uploaded file, or with ?w= one of its resized variants (Range requests honoured)',
    access: 'public',
    params: { name: mediaName },
    query: z.object({ w: z.enum(['480', '1600']).optional() }),
    success: [
      {
        status: 200,
        description: 'The file',
        body: {
          kind: 'binary',
          contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
        },
      },
    ],
    errors: [404, 416],
  },
});

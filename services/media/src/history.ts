import { streamId, type MediaFileEvent } from './media-file/events';
import { defineEntityHistory, labelText, type ServiceHistory } from '@12yards/workbench';

/**
 * The media library's entries are the entity admins see; uploads (upload-*) and the references other services'
 * records hold (media-ref-*) are this service's bookkeeping and stay out of the activity feed.
 */
export const mediaHistory: ServiceHistory = {
  service: 'media',
  entities: [
    defineEntityHistory<MediaFileEvent>({
      entityType: 'media',
      streamPrefix: streamId(''),
      omit: ['uploadId', 'uploadedBy'],
      label: (f) => labelText(f.originalName) ?? labelText(f.filename),
    }),
  ],
};

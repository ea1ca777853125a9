import { type TrashEvent } from '@12yards/workbench';

export type MediaFileAdded = {
  type: 'MediaFileAdded';
  data: {
    id: string;
    filename: string;
    originalName: string;
    mimeType: string;
    size: number;
    url: string;
    altText: string | null;
    /** The upload the url points at, when it is a file of this service; null for an external https url. */
    uploadId: string | null;
    uploadedBy: string | null;
    at: string;
  };
};
/** The alt text of an entry set (an admin describing an image that was added to the library when it was uploaded). */
export type MediaFileDescribed = {
  type: 'MediaFileDescribed';
  data: { id: string; altText: string | null; at: string };
};
export type MediaFileDeleted = {
  type: 'MediaFileDeleted';
  data: { id: string; uploadId: string | null; at: string };
};
export type MediaFileEvent = MediaFileAdded | MediaFileDescribed | MediaFileDeleted;

/** Every event of its stream: its own, and going to and coming back from the trash. */
export type MediaFileStreamEvent = MediaFileEvent | TrashEvent<'MediaFile'>;

export const streamId = (id: string) => `media-file-${id}`;

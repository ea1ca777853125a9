import type { ImageMimeType } from '@12yards/api';

/** A stored rendering of an upload: the WebP variant, or the original itself when a variant would not be smaller. */
export interface StoredVariant {
  width: number;
  key: string;
  mimeType: string;
  size: number;
}

export type MediaUploaded = {
  type: 'MediaUploaded';
  data: {
    id: string;
    /** Object-store key of the original bytes. */
    key: string;
    /** The name it is served under: /media/<filename>. */
    filename: string;
    originalName: string;
    mimeType: ImageMimeType;
    size: number;
    variants: StoredVariant[];
    uploadedBy: string | null;
    at: string;
  };
};
export type MediaUploadRemoved = {
  type: 'MediaUploadRemoved';
  data: { id: string; keys: string[]; at: string };
};
export type UploadEvent = MediaUploaded | MediaUploadRemoved;

export const streamId = (id: string) => `upload-${id}`;

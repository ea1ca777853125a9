/**
 * Another service's record (a news article, a gallery screenshot) now points at an upload of this service, or at
 * none. `source` names the record: `<topic>:<its stream id>`.
 */
export type MediaReferenceChanged = {
  type: 'MediaReferenceChanged';
  data: { source: string; uploadId: string | null; previousUploadId: string | null; at: string };
};
export type ReferenceEvent = MediaReferenceChanged;

export const streamId = (source: string) => `media-ref-${source}`;

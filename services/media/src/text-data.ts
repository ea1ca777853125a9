import { streamSubject, type PersonalDataPolicy, type ServiceContext } from '@12yards/platform';
import { streamId as uploadStreamId } from './upload/events';

/**
 * The media service's written text: a file's original name (often a person's) and its alt text, encrypted per stream
 * as personal data is (issue 26 item 2), so that deleting an entry for good erases them from its history.
 */
export const mediaTextData: PersonalDataPolicy = {
  MediaFileAdded: { subject: streamSubject, fields: ['originalName', 'altText'] },
  MediaFileDescribed: { subject: streamSubject, fields: ['altText'] },
  MediaUploaded: { subject: streamSubject, fields: ['originalName'] },
};

/** Erases the text of an entry deleted for good (its stream's key), and of its upload once that is removed too. */
export async function eraseMediaText(
  ctx: Pick<ServiceContext, 'subjectKeys' | 'infra'>,
  entryStream: string,
  uploadId: string | null | undefined,
): Promise<void> {
  await ctx.subjectKeys?.erase(entryStream);
  if (uploadId) {
    const upload = await ctx.infra.eventStore.read(uploadStreamId(uploadId));
    if (upload.at(-1)?.type === 'MediaUploadRemoved') await ctx.subjectKeys?.erase(uploadStreamId(uploadId));
  }
  await ctx.infra.subjectKeys.compact?.();
}

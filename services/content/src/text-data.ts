import {
  streamSubject,
  type EventMeta,
  type PersonalDataPolicy,
  type ServiceContext,
  type StoredEvent,
} from '@12yards/platform';

/** An article's text: what "Delete for good" erases from its history. */
const NEWS_TEXT = ['title', 'excerpt', 'content'] as const;
const FAQ_TEXT = ['question', 'answer'] as const;
const GALLERY_TEXT = ['description', 'platformName'] as const;

/**
 * The content service's written text, encrypted in its events with one key per item (its stream), as personal data
 * is (issue 26 item 2): deleting an item for good from the trash deletes its key, so its text reads "Erased personal
 * data" in its history, the activity feed and every copy of its events, while the stream stays whole.
 */
export const contentTextData: PersonalDataPolicy = {
  NewsArticlePublished: { subject: streamSubject, fields: NEWS_TEXT },
  NewsArticleDrafted: { subject: streamSubject, fields: NEWS_TEXT },
  NewsArticleUpdated: { subject: streamSubject, fields: NEWS_TEXT },
  FaqCreated: { subject: streamSubject, fields: FAQ_TEXT },
  FaqUpdated: { subject: streamSubject, fields: FAQ_TEXT },
  GalleryItemAdded: { subject: streamSubject, fields: GALLERY_TEXT },
  GalleryItemUpdated: { subject: streamSubject, fields: GALLERY_TEXT },
};

/**
 * What goes with an item deleted for good: the key of its stream (its text in every event is unreadable from then
 * on), and the SQLite WAL's old pages.
 */
export function eraseTextOf(ctx: Pick<ServiceContext, 'subjectKeys' | 'infra'>) {
  return async (events: StoredEvent[], _meta: EventMeta): Promise<void> => {
    const streams = new Set(events.map((e) => e.streamId));
    for (const stream of streams) await ctx.subjectKeys?.erase(stream);
    await ctx.infra.subjectKeys.compact?.();
  };
}

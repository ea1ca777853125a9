import { z } from 'zod';
import { defineEvent } from './define';

/** The gateway re-renders public pages and drops its copy of public reads on any event of the topic. */
const consumers = ['media', 'gateway'] as const;
const id = z.string().min(1);

export const newsArticleChanged = defineEvent({
  type: 'NewsArticleChanged',
  version: 1,
  producer: 'content',
  consumers,
  description:
    'A news article was created (published or draft) or edited; imageUrl is the image it shows now.',
  data: z.object({ articleId: id, imageUrl: z.string().nullable() }),
});
export const newsArticleDeleted = defineEvent({
  type: 'NewsArticleDeleted',
  version: 1,
  producer: 'content',
  consumers,
  description: 'A news article was deleted (its image, if any, is no longer shown by it).',
  data: z.object({ articleId: id }),
});
export const newsArticleWentLive = defineEvent({
  type: 'NewsArticleWentLive',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description:
    'A published article scheduled for publishDate became visible to the public at that time, without an edit.',
  data: z.object({ articleId: id, publishDate: z.string() }),
});
export const galleryItemChanged = defineEvent({
  type: 'GalleryItemChanged',
  version: 1,
  producer: 'content',
  consumers,
  description: 'An app gallery screenshot was added or edited; imageUrl is the image it shows now.',
  data: z.object({ itemId: id, imageUrl: z.string() }),
});
export const galleryItemRemoved = defineEvent({
  type: 'GalleryItemRemoved',
  version: 1,
  producer: 'content',
  consumers,
  description: 'An app gallery screenshot was removed.',
  data: z.object({ itemId: id }),
});
export const faqChanged = defineEvent({
  type: 'FaqChanged',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description: 'A FAQ was created or edited.',
  data: z.object({ faqId: id }),
});
export const faqDeleted = defineEvent({
  type: 'FaqDeleted',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description: 'A FAQ was deleted.',
  data: z.object({ faqId: id }),
});
export const settingChanged = defineEvent({
  type: 'SettingChanged',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description: 'A site setting took a new value.',
  data: z.object({ key: id }),
});

/** The content service's trashable items (packages/api workbench TRASH_ENTITY_TYPES, less media). */
const trashedItem = z.object({ entityType: z.enum(['news', 'faq', 'gallery-item']), id });
export const contentItemTrashed = defineEvent({
  type: 'ContentItemTrashed',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description:
    'A news article, FAQ or gallery screenshot was moved to the trash: the public no longer sees it (its image stays referenced until it is deleted for good).',
  data: trashedItem,
});
export const contentItemRestored = defineEvent({
  type: 'ContentItemRestored',
  version: 1,
  producer: 'content',
  consumers: ['gateway'],
  description:
    'An item was restored from the trash exactly as it was: the public sees it again if it did before.',
  data: trashedItem,
});

export const contentEvents = [
  newsArticleChanged,
  newsArticleDeleted,
  newsArticleWentLive,
  galleryItemChanged,
  galleryItemRemoved,
  faqChanged,
  faqDeleted,
  settingChanged,
  contentItemTrashed,
  contentItemRestored,
] as const;

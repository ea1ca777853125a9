/** An article's editable fields as every news event carries them (absent image as null, dates as ISO strings). */
export interface NewsArticleFields {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string | null;
  publishDate: string;
  featured: boolean;
  published: boolean;
}

export const newsFieldKeys = [
  'title',
  'excerpt',
  'content',
  'category',
  'imageUrl',
  'publishDate',
  'featured',
  'published',
] as const satisfies readonly (keyof NewsArticleFields)[];

/** Created visible to the public (published, possibly scheduled by its publishDate). */
export type NewsArticlePublished = {
  type: 'NewsArticlePublished';
  data: { id: string } & NewsArticleFields & { at: string };
};
/** Created as a draft (published false): only admins see it. */
export type NewsArticleDrafted = {
  type: 'NewsArticleDrafted';
  data: { id: string } & NewsArticleFields & { at: string };
};
/** The full set of fields after an admin's edit. */
export type NewsArticleUpdated = {
  type: 'NewsArticleUpdated';
  data: { id: string } & NewsArticleFields & { at: string };
};
export type NewsArticleDeleted = { type: 'NewsArticleDeleted'; data: { id: string; at: string } };
/** A published article scheduled for `publishDate` became visible to the public at that time (by the scheduler). */
export type NewsArticleWentLive = {
  type: 'NewsArticleWentLive';
  data: { id: string; publishDate: string; at: string };
};

export type NewsEvent =
  NewsArticlePublished | NewsArticleDrafted | NewsArticleUpdated | NewsArticleDeleted | NewsArticleWentLive;

export const newsStreamId = (id: string) => `news-${id}`;

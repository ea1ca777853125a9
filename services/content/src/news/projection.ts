import type { NewsArticle } from '@12yards/api';
import { defineRowProjection, type EventOfType, type ReadModels, type SortKey } from '@12yards/platform';
import { trashUpdates, type TrashableRow } from '@12yards/workbench';
import type { NewsStreamEvent } from './trash';
import { pickNewsFields } from './evolve';

export const NEWS = 'news';
export type NewsRow = NewsArticle &
  TrashableRow & {
    imageUrl: string | null;
    updatedAt: string;
    order: number;
  };

/** The lists' order (newest first) and their filters, each backed by an index. */
export const NEWS_ORDER = [
  { field: 'publishDate', dir: 'desc' },
  { field: 'order', dir: 'desc' },
] as const satisfies SortKey<NewsRow>[];

export const newsRows = (models: ReadModels) =>
  models.collection<NewsRow>(NEWS, {
    indexes: [
      ['publishDate', 'order'],
      ['category', 'publishDate', 'order'],
    ],
  });

export const newsView = ({ order: _order, version: _version, ...article }: NewsRow): NewsArticle => article;

/** A published or drafted article: the same row, its status in its fields. */
const created = (event: EventOfType<NewsStreamEvent, 'NewsArticlePublished' | 'NewsArticleDrafted'>) => ({
  id: event.data.id,
  ...pickNewsFields(event.data),
  createdAt: event.data.at,
  updatedAt: event.data.at,
  order: event.position,
});

export const newsProjection = defineRowProjection<NewsStreamEvent, NewsRow>({
  collection: NEWS,
  rows: newsRows,
  create: { NewsArticlePublished: created, NewsArticleDrafted: created },
  update: {
    NewsArticleUpdated: (row, { data }) => ({ ...row, ...pickNewsFields(data), updatedAt: data.at }),
    // Only the version and the time it last changed for the public move (the go-live catch-up reads updatedAt).
    NewsArticleWentLive: (row, { data }) => ({ ...row, updatedAt: data.at }),
    ...trashUpdates<'NewsArticle', NewsRow>('NewsArticle'),
  },
  remove: ['NewsArticleDeleted'],
});

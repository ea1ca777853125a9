import type { NewsArticle } from '@12yards/api';
import {
  applyTrashEvent,
  defineProjection,
  type ReadModels,
  type SortKey,
  type TrashableRow,
} from '@12yards/platform';
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

export const newsProjection = defineProjection<NewsStreamEvent>({
  collections: [NEWS],
  async apply(event, models) {
    const rows = newsRows(models);
    if (await applyTrashEvent(rows, event, 'NewsArticle')) return;
    switch (event.type) {
      case 'NewsArticlePublished':
      case 'NewsArticleDrafted': {
        const existing = await rows.get(event.data.id);
        if (existing && existing.version >= event.version) return; // the revision guard: a replay is a no-op
        await rows.put({
          id: event.data.id,
          ...pickNewsFields(event.data),
          createdAt: event.data.at,
          updatedAt: event.data.at,
          order: event.position,
          version: event.version,
        });
        return;
      }
      case 'NewsArticleUpdated': {
        const row = await rows.get(event.data.id);
        if (!row || row.version >= event.version) return;
        await rows.put({
          ...row,
          ...pickNewsFields(event.data),
          updatedAt: event.data.at,
          version: event.version,
        });
        return;
      }
      case 'NewsArticleDeleted':
        await rows.delete(event.data.id);
        return;
      case 'NewsArticleWentLive': {
        // Only the version and the time it last changed for the public move (the go-live catch-up reads updatedAt).
        const row = await rows.get(event.data.id);
        if (!row || row.version >= event.version) return;
        await rows.put({ ...row, updatedAt: event.data.at, version: event.version });
        return;
      }
    }
  },
});

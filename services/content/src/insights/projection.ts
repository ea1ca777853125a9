import { defineProjection } from '@12yards/platform';
import { spanLedger } from '@12yards/workbench';
import type { NewsStreamEvent } from '../news/trash';

interface ArticleState {
  published: boolean;
  trashed: boolean;
  publishDate: string;
}

/**
 * The content service's dashboard read model: each news article's states (published or draft, in the trash or not,
 * its publish date) from event to event, so the articles scheduled to go live can be counted at any moment.
 */
export const articleStates = spanLedger<ArticleState>('content_insight_articles', [
  'published',
  'trashed',
  'publishDate',
]);

export const contentInsightsProjection = defineProjection<NewsStreamEvent>({
  collections: articleStates.collections,
  async apply(event, models) {
    const { id } = event.data;
    switch (event.type) {
      case 'NewsArticlePublished':
      case 'NewsArticleDrafted':
      case 'NewsArticleUpdated': {
        const was = await articleStates.current(models, id);
        const { published, publishDate } = event.data;
        const state = { published, publishDate, trashed: was?.trashed ?? false };
        return articleStates.set(models, event, id, state, event.data.at);
      }
      case 'NewsArticleTrashed':
      case 'NewsArticleRestored': {
        const was = await articleStates.current(models, id);
        if (!was) return;
        const { published, publishDate } = was;
        const trashed = event.type === 'NewsArticleTrashed';
        return articleStates.set(models, event, id, { published, publishDate, trashed }, event.data.at);
      }
      case 'NewsArticleDeleted':
        return articleStates.set(models, event, id, null, event.data.at);
      default:
        return;
    }
  },
});

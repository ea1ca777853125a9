import { NotFound, type Decider } from '@12yards/platform';
import { newsFieldKeys, type NewsArticleFields, type NewsEvent } from './events';
import { evolve, initialState, type NewsState } from './evolve';

/** Fields as the admin sends them: without a publishDate, creation uses now and an edit keeps the old date. */
export type NewsArticleDraft = Omit<NewsArticleFields, 'publishDate'> & { publishDate: string | null };

export type NewsCommand =
  | { type: 'CreateNewsArticle'; id: string; fields: NewsArticleDraft; at: Date }
  | { type: 'UpdateNewsArticle'; id: string; fields: NewsArticleDraft; at: Date }
  | { type: 'DeleteNewsArticle'; id: string; at: Date }
  /** The scheduler, at the time it was asked for: the article goes live if it is still waiting for that date. */
  | { type: 'MarkNewsArticleLive'; id: string; publishDate: string; at: Date };

const missing = (id: string) => new NotFound(`No news article with id ${id}`);

export function decide(command: NewsCommand, state: NewsState): NewsEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'CreateNewsArticle': {
      if (state.status !== 'none') return []; // the same creation twice changes nothing
      const fields: NewsArticleFields = { ...command.fields, publishDate: command.fields.publishDate ?? at };
      const type = fields.published ? 'NewsArticlePublished' : 'NewsArticleDrafted';
      return [{ type, data: { id: command.id, ...fields, at } }];
    }
    case 'UpdateNewsArticle': {
      if (state.status !== 'live') throw missing(command.id);
      const fields: NewsArticleFields = {
        ...command.fields,
        publishDate: command.fields.publishDate ?? state.fields.publishDate,
      };
      if (newsFieldKeys.every((k) => fields[k] === state.fields[k])) return [];
      return [{ type: 'NewsArticleUpdated', data: { id: command.id, ...fields, at } }];
    }
    case 'DeleteNewsArticle':
      if (state.status !== 'live') throw missing(command.id);
      return [{ type: 'NewsArticleDeleted', data: { id: command.id, at } }];
    case 'MarkNewsArticleLive': {
      // A job for a date the article no longer has, or for an article deleted or unpublished since, does nothing.
      if (state.status !== 'live' || !state.fields.published) return [];
      const { publishDate } = command;
      if (state.fields.publishDate !== publishDate || publishDate > at || state.liveFor === publishDate)
        return [];
      return [{ type: 'NewsArticleWentLive', data: { id: command.id, publishDate, at } }];
    }
  }
}

export const newsDecider: Decider<NewsState, NewsCommand, NewsEvent> = { initialState, decide, evolve };

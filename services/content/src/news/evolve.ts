import { pickFields } from '@12yards/platform';
import { newsFieldKeys, type NewsArticleFields, type NewsEvent } from './events';

/**
 * `liveFor`: the publishDate at which the public last got to see the article (by the write that published it with a
 * date already come, or by NewsArticleWentLive), null while it waits for its date or is a draft.
 */
export type NewsState =
  | { status: 'none' }
  | { status: 'live'; fields: NewsArticleFields; liveFor: string | null }
  | { status: 'deleted' };

export const initialState = (): NewsState => ({ status: 'none' });

export const pickNewsFields = (data: NewsArticleFields): NewsArticleFields => pickFields(data, newsFieldKeys);

/** The article as a write leaves it: visible at once when published with a date already come. */
const written = (data: NewsArticleFields & { at: string }): NewsState => ({
  status: 'live',
  fields: pickNewsFields(data),
  liveFor: data.published && data.publishDate <= data.at ? data.publishDate : null,
});

export function evolve(state: NewsState, event: NewsEvent): NewsState {
  switch (event.type) {
    case 'NewsArticlePublished':
    case 'NewsArticleDrafted':
      return written(event.data);
    case 'NewsArticleUpdated':
      return state.status === 'live' ? written(event.data) : state;
    case 'NewsArticleWentLive':
      return state.status === 'live' ? { ...state, liveFor: event.data.publishDate } : state;
    case 'NewsArticleDeleted':
      return { status: 'deleted' };
  }
}

import { pickFields } from '@12yards/platform';
import { newsFieldKeys, type NewsArticleFields, type NewsEvent } from './events';

export type NewsState =
  { status: 'none' } | { status: 'live'; fields: NewsArticleFields } | { status: 'deleted' };

export const initialState = (): NewsState => ({ status: 'none' });

export const pickNewsFields = (data: NewsArticleFields): NewsArticleFields => pickFields(data, newsFieldKeys);

export function evolve(state: NewsState, event: NewsEvent): NewsState {
  switch (event.type) {
    case 'NewsArticlePublished':
    case 'NewsArticleDrafted':
      return { status: 'live', fields: pickNewsFields(event.data) };
    case 'NewsArticleUpdated':
      return state.status === 'live' ? { status: 'live', fields: pickNewsFields(event.data) } : state;
    case 'NewsArticleDeleted':
      return { status: 'deleted' };
  }
}

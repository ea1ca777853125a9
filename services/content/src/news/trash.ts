import { newsDecider } from './decide';
import type { NewsEvent } from './events';
import { trashable, type TrashEvent } from '@12yards/workbench';

/** Every event of an article's stream: its own, and going to and coming back from the trash. */
export type NewsStreamEvent = NewsEvent | TrashEvent<'NewsArticle'>;

/** The news article aggregate with its trash: what the routes (and any job writing to an article) run. */
export const trashableNewsDecider = trashable(newsDecider, {
  noun: 'news article',
  prefix: 'NewsArticle',
  purge: 'DeleteNewsArticle',
});

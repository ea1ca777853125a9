import { NotFound, fold } from '@12yards/platform';
import { decide, newsDecider, type NewsArticleDraft } from '../src/news/decide';
import type { NewsArticleFields, NewsEvent } from '../src/news/events';
import { evolve, initialState } from '../src/news/evolve';

const at = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-23T08:00:00.000Z');
const draft: NewsArticleDraft = {
  title: 'Season kick-off',
  excerpt: 'The app opens for the new season',
  content: 'Long text',
  category: 'announcement',
  imageUrl: null,
  publishDate: null,
  featured: false,
  published: true,
};
const fields: NewsArticleFields = { ...draft, publishDate: at.toISOString() };
const published: NewsEvent = {
  type: 'NewsArticlePublished',
  data: { id: 'n1', ...fields, at: at.toISOString() },
};

describe('news article decide/evolve', () => {
  it('Given no article, when one is created without a publishDate, then NewsArticlePublished dates it now', () => {
    expect(decide({ type: 'CreateNewsArticle', id: 'n1', fields: draft, at }, initialState())).toEqual([
      published,
    ]);
  });

  it('Given no article, when a draft with a future date is created, then NewsArticleDrafted keeps that date', () => {
    const scheduled = { ...draft, published: false, publishDate: '2027-01-01T00:00:00.000Z' };
    expect(decide({ type: 'CreateNewsArticle', id: 'n1', fields: scheduled, at }, initialState())).toEqual([
      { type: 'NewsArticleDrafted', data: { id: 'n1', ...scheduled, at: at.toISOString() } },
    ]);
  });

  it('Given an article, when it is created again with the same id, then nothing is decided', () => {
    const state = fold(newsDecider, [published]);
    expect(decide({ type: 'CreateNewsArticle', id: 'n1', fields: draft, at }, state)).toEqual([]);
  });

  it('Given an article, when it is edited without a publishDate, then NewsArticleUpdated keeps the old date', () => {
    const state = fold(newsDecider, [published]);
    const edit = { ...draft, title: 'Season kick-off: the date', featured: true };
    expect(decide({ type: 'UpdateNewsArticle', id: 'n1', fields: edit, at: later }, state)).toEqual([
      {
        type: 'NewsArticleUpdated',
        data: { id: 'n1', ...edit, publishDate: at.toISOString(), at: later.toISOString() },
      },
    ]);
  });

  it('Given an article, when it is saved unchanged, then nothing is decided', () => {
    const state = fold(newsDecider, [published]);
    expect(decide({ type: 'UpdateNewsArticle', id: 'n1', fields: draft, at: later }, state)).toEqual([]);
  });

  it('Given no article or a deleted one, when it is edited or deleted, then it is a 404', () => {
    const deleted = fold(newsDecider, [
      published,
      { type: 'NewsArticleDeleted', data: { id: 'n1', at: later.toISOString() } },
    ]);
    for (const state of [initialState(), deleted]) {
      expect(() => decide({ type: 'UpdateNewsArticle', id: 'n1', fields: draft, at }, state)).toThrow(
        NotFound,
      );
      expect(() => decide({ type: 'DeleteNewsArticle', id: 'n1', at }, state)).toThrow(NotFound);
    }
  });

  it('Given an article, when it is deleted, then NewsArticleDeleted is decided and the state is deleted', () => {
    const state = fold(newsDecider, [published]);
    const events = decide({ type: 'DeleteNewsArticle', id: 'n1', at: later }, state);
    expect(events).toEqual([{ type: 'NewsArticleDeleted', data: { id: 'n1', at: later.toISOString() } }]);
    expect(events.reduce(evolve, state)).toEqual({ status: 'deleted' });
  });

  it('Given a history, when it is folded, then the state holds the last fields without the event extras', () => {
    const updated: NewsEvent = {
      type: 'NewsArticleUpdated',
      data: { id: 'n1', ...fields, published: false, at: later.toISOString() },
    };
    expect(fold(newsDecider, [published, updated])).toEqual({
      status: 'live',
      fields: { ...fields, published: false },
    });
  });
});

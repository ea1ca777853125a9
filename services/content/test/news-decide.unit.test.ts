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
      liveFor: null,
    });
  });
});

/** Scheduling: the same article published for a date to come. */
const due = '2026-11-23T09:00:00.000Z';
const afterDue = new Date('2026-11-23T09:00:00.400Z');
const dueDraft: NewsArticleDraft = { ...draft, publishDate: due };
const scheduled = decide(
  { type: 'CreateNewsArticle', id: 'n1', fields: dueDraft, at },
  newsDecider.initialState(),
);
const goLive = (at: Date, publishDate = due) =>
  ({ type: 'MarkNewsArticleLive', id: 'n1', publishDate, at }) as const;
const wentLive: NewsEvent = {
  type: 'NewsArticleWentLive',
  data: { id: 'n1', publishDate: due, at: afterDue.toISOString() },
};
const edit = (change: Partial<NewsArticleDraft>, when = at): NewsEvent[] =>
  decide(
    { type: 'UpdateNewsArticle', id: 'n1', fields: { ...dueDraft, ...change }, at: when },
    fold(newsDecider, scheduled),
  );

describe('scheduled news articles: decide/evolve', () => {
  it('Given an article published for a date to come, when its go-live runs at that date, then NewsArticleWentLive is decided and the state is live for it', () => {
    const state = fold(newsDecider, scheduled);
    expect(state).toMatchObject({ status: 'live', liveFor: null });
    const events = decide(goLive(afterDue), state);
    expect(events).toEqual([wentLive]);
    expect(events.reduce(newsDecider.evolve, state)).toMatchObject({ status: 'live', liveFor: due });
  });

  it('Given an article published with a date already come, then it is live at once and a go-live changes nothing', () => {
    const now = decide(
      { type: 'CreateNewsArticle', id: 'n1', fields: { ...dueDraft, publishDate: null }, at: afterDue },
      newsDecider.initialState(),
    );
    const state = fold(newsDecider, now);
    expect(state).toMatchObject({ liveFor: afterDue.toISOString() });
    expect(decide(goLive(afterDue, afterDue.toISOString()), state)).toEqual([]);
  });

  it('Given a scheduled article, when its go-live runs before the date, or again after it went live, then nothing is decided', () => {
    expect(decide(goLive(new Date('2026-11-23T08:59:59.000Z')), fold(newsDecider, scheduled))).toEqual([]);
    expect(decide(goLive(afterDue), fold(newsDecider, [...scheduled, wentLive]))).toEqual([]);
  });

  it('Given a scheduled article moved to another date, unpublished or deleted, when the old go-live runs, then nothing is decided', () => {
    const moved = edit({ publishDate: '2026-11-24T09:00:00.000Z' });
    const unpublished = edit({ published: false });
    const deleted: NewsEvent[] = [{ type: 'NewsArticleDeleted', data: { id: 'n1', at: at.toISOString() } }];
    for (const history of [moved, unpublished, deleted]) {
      expect(decide(goLive(afterDue), fold(newsDecider, [...scheduled, ...history]))).toEqual([]);
    }
    expect(decide(goLive(afterDue), newsDecider.initialState())).toEqual([]);
  });

  it('Given an article that went live, when it is scheduled for a new date, then it waits again and goes live at that date once', () => {
    const later = '2026-11-30T09:00:00.000Z';
    const rescheduled = decide(
      { type: 'UpdateNewsArticle', id: 'n1', fields: { ...dueDraft, publishDate: later }, at: afterDue },
      fold(newsDecider, [...scheduled, wentLive]),
    );
    const state = fold(newsDecider, [...scheduled, wentLive, ...rescheduled]);
    expect(state).toMatchObject({ liveFor: null });
    const at = new Date(later);
    expect(decide(goLive(at, later), state)).toEqual([
      { type: 'NewsArticleWentLive', data: { id: 'n1', publishDate: later, at: later } },
    ]);
  });
});

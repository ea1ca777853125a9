import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { newsDecider, type NewsArticleDraft } from '../src/news/decide';
import type { NewsArticleFields, NewsEvent } from '../src/news/events';

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
const given = DeciderSpecification.for(newsDecider);

describe('news article decide/evolve', () => {
  it('Given no article, when one is created without a publishDate, then NewsArticlePublished dates it now', () => {
    given([]).when({ type: 'CreateNewsArticle', id: 'n1', fields: draft, at }).then([published]);
  });

  it('Given no article, when a draft with a future date is created, then NewsArticleDrafted keeps that date', () => {
    const scheduled = { ...draft, published: false, publishDate: '2027-01-01T00:00:00.000Z' };
    given([])
      .when({ type: 'CreateNewsArticle', id: 'n1', fields: scheduled, at })
      .then([{ type: 'NewsArticleDrafted', data: { id: 'n1', ...scheduled, at: at.toISOString() } }]);
  });

  it('Given an article, when it is created again with the same id, then nothing is decided', () => {
    given([published]).when({ type: 'CreateNewsArticle', id: 'n1', fields: draft, at }).thenNothingHappened();
  });

  it('Given an article, when it is edited without a publishDate, then NewsArticleUpdated keeps the old date', () => {
    const edit = { ...draft, title: 'Season kick-off: the date', featured: true };
    given([published])
      .when({ type: 'UpdateNewsArticle', id: 'n1', fields: edit, at: later })
      .then([
        {
          type: 'NewsArticleUpdated',
          data: { id: 'n1', ...edit, publishDate: at.toISOString(), at: later.toISOString() },
        },
      ]);
  });

  it('Given an article, when it is saved unchanged, then nothing is decided', () => {
    given([published])
      .when({ type: 'UpdateNewsArticle', id: 'n1', fields: draft, at: later })
      .thenNothingHappened();
  });

  it('Given no article or a deleted one, when it is edited or deleted, then it is a 404', () => {
    const deleted: NewsEvent[] = [
      published,
      { type: 'NewsArticleDeleted', data: { id: 'n1', at: later.toISOString() } },
    ];
    for (const history of [[], deleted]) {
      const article = given(history);
      article.when({ type: 'UpdateNewsArticle', id: 'n1', fields: draft, at }).thenThrows(NotFound);
      article.when({ type: 'DeleteNewsArticle', id: 'n1', at }).thenThrows(NotFound);
    }
  });

  it('Given an article, when it is deleted, then NewsArticleDeleted is decided and the state is deleted', () => {
    const { state } = given([published])
      .when({ type: 'DeleteNewsArticle', id: 'n1', at: later })
      .then([{ type: 'NewsArticleDeleted', data: { id: 'n1', at: later.toISOString() } }]);
    expect(state).toEqual({ status: 'deleted' });
  });

  it('Given a history, when it is folded, then the state holds the last fields without the event extras', () => {
    const updated: NewsEvent = {
      type: 'NewsArticleUpdated',
      data: { id: 'n1', ...fields, published: false, at: later.toISOString() },
    };
    expect(given([published, updated]).state).toEqual({
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
const scheduled = newsDecider.decide(
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
  newsDecider.decide(
    { type: 'UpdateNewsArticle', id: 'n1', fields: { ...dueDraft, ...change }, at: when },
    given(scheduled).state,
  );

describe('scheduled news articles: decide/evolve', () => {
  it('Given an article published for a date to come, when its go-live runs at that date, then NewsArticleWentLive is decided and the state is live for it', () => {
    const article = given(scheduled);
    expect(article.state).toMatchObject({ status: 'live', liveFor: null });
    const { state } = article.when(goLive(afterDue)).then([wentLive]);
    expect(state).toMatchObject({ status: 'live', liveFor: due });
  });

  it('Given an article published with a date already come, then it is live at once and a go-live changes nothing', () => {
    const now = newsDecider.decide(
      { type: 'CreateNewsArticle', id: 'n1', fields: { ...dueDraft, publishDate: null }, at: afterDue },
      newsDecider.initialState(),
    );
    const article = given(now);
    expect(article.state).toMatchObject({ liveFor: afterDue.toISOString() });
    article.when(goLive(afterDue, afterDue.toISOString())).thenNothingHappened();
  });

  it('Given a scheduled article, when its go-live runs before the date, or again after it went live, then nothing is decided', () => {
    given(scheduled)
      .when(goLive(new Date('2026-11-23T08:59:59.000Z')))
      .thenNothingHappened();
    given([...scheduled, wentLive])
      .when(goLive(afterDue))
      .thenNothingHappened();
  });

  it('Given a scheduled article moved to another date, unpublished or deleted, when the old go-live runs, then nothing is decided', () => {
    const moved = edit({ publishDate: '2026-11-24T09:00:00.000Z' });
    const unpublished = edit({ published: false });
    const deleted: NewsEvent[] = [{ type: 'NewsArticleDeleted', data: { id: 'n1', at: at.toISOString() } }];
    for (const history of [moved, unpublished, deleted]) {
      given([...scheduled, ...history])
        .when(goLive(afterDue))
        .thenNothingHappened();
    }
    given([]).when(goLive(afterDue)).thenNothingHappened();
  });

  it('Given an article that went live, when it is scheduled for a new date, then it waits again and goes live at that date once', () => {
    const later = '2026-11-30T09:00:00.000Z';
    const rescheduled = newsDecider.decide(
      { type: 'UpdateNewsArticle', id: 'n1', fields: { ...dueDraft, publishDate: later }, at: afterDue },
      given([...scheduled, wentLive]).state,
    );
    const article = given([...scheduled, wentLive, ...rescheduled]);
    expect(article.state).toMatchObject({ liveFor: null });
    const at = new Date(later);
    article
      .when(goLive(at, later))
      .then([{ type: 'NewsArticleWentLive', data: { id: 'n1', publishDate: later, at: later } }]);
  });
});

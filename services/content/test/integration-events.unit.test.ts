import { contentIntegrationEvents } from '../src/integration-events';
import { consumerReading } from '@12yards/platform/testing';

const read = consumerReading('content', contentIntegrationEvents, 'news-1');
const article = {
  id: '1',
  title: 'Derby',
  excerpt: 'e',
  content: 'c',
  category: 'general',
  imageUrl: '/media/x.png',
  publishDate: '2026-11-24',
  featured: false,
  published: true,
  at: '',
};

describe('the content topic', () => {
  it.each(['NewsArticlePublished', 'NewsArticleDrafted', 'NewsArticleUpdated'])(
    'When %s, then NewsArticleChanged names the article and its image',
    (type) => {
      expect(read(type, article)).toEqual({
        ok: true,
        event: { type: 'NewsArticleChanged', version: 1, data: { articleId: '1', imageUrl: '/media/x.png' } },
      });
    },
  );

  it('When anything the public sees changes, then one integration event is published for it', () => {
    const gallery = {
      id: 'g',
      imageUrl: '/media/y.png',
      description: null,
      platformName: null,
      sortOrder: null,
      isActive: true,
      at: '',
    };
    expect(read('NewsArticleDeleted', { id: '1', at: '' })).toMatchObject({
      ok: true,
      event: { type: 'NewsArticleDeleted' },
    });
    expect(read('NewsArticleWentLive', { id: '1', publishDate: '2026-11-24T12:00:00.000Z', at: '' })).toEqual(
      {
        ok: true,
        event: {
          type: 'NewsArticleWentLive',
          version: 1,
          data: { articleId: '1', publishDate: '2026-11-24T12:00:00.000Z' },
        },
      },
    );
    expect(read('GalleryItemAdded', gallery)).toMatchObject({
      ok: true,
      event: { type: 'GalleryItemChanged', data: { itemId: 'g', imageUrl: '/media/y.png' } },
    });
    expect(read('GalleryItemRemoved', { id: 'g', at: '' })).toMatchObject({
      ok: true,
      event: { type: 'GalleryItemRemoved' },
    });
    expect(read('FaqCreated', { id: 'f', question: 'q', answer: 'a', at: '' })).toMatchObject({
      ok: true,
      event: { type: 'FaqChanged', data: { faqId: 'f' } },
    });
    expect(read('FaqDeleted', { id: 'f', at: '' })).toMatchObject({
      ok: true,
      event: { type: 'FaqDeleted' },
    });
    expect(
      read('SettingChanged', { key: 'k', value: 'v', description: null, previousValue: null, at: '' }),
    ).toMatchObject({ ok: true, event: { type: 'SettingChanged', data: { key: 'k' } } });
  });
});

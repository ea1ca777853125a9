import { parseIntegrationEvent } from '@12yards/api/src/events';
import { toMessage, type StoredEvent } from '@12yards/platform';
import { contentIntegrationEvents } from '../src/integration-events';

/** What a consumer of the content topic reads for one internal event (null: nothing is published). */
const read = (type: string, streamId: string) => {
  const source: StoredEvent = {
    id: 'e1',
    type,
    streamId,
    version: 2,
    position: 9,
    occurredAt: '2026-11-24T09:00:00.000Z',
    data: { id: 'x1', at: '2026-11-24T09:00:00.000Z' },
    meta: { actor: 'ops' },
  };
  const mapped = contentIntegrationEvents(source);
  return mapped && parseIntegrationEvent('content', toMessage(source, mapped));
};

describe('the content topic: the trash', () => {
  it.each([
    ['NewsArticleTrashed', 'news-x1', 'ContentItemTrashed', 'news'],
    ['FaqTrashed', 'faq-x1', 'ContentItemTrashed', 'faq'],
    ['GalleryItemTrashed', 'gallery-x1', 'ContentItemTrashed', 'gallery-item'],
    ['NewsArticleRestored', 'news-x1', 'ContentItemRestored', 'news'],
    ['FaqRestored', 'faq-x1', 'ContentItemRestored', 'faq'],
    ['GalleryItemRestored', 'gallery-x1', 'ContentItemRestored', 'gallery-item'],
  ])(
    'When %s, then %s names the item (the gateway drops its kept reads)',
    (type, stream, published, entityType) => {
      expect(read(type, stream)).toEqual({
        ok: true,
        event: { type: published, version: 1, data: { entityType, id: 'x1' } },
      });
    },
  );

  it('When an item is purged from the trash, then its own deleted event is published as before', () => {
    expect(read('FaqDeleted', 'faq-x1')).toEqual({
      ok: true,
      event: { type: 'FaqDeleted', version: 1, data: { faqId: 'x1' } },
    });
  });
});

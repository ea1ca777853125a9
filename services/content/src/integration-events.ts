import {
  integrationEvent,
  type IntegrationEvent,
  type UnversionedIntegrationEvent,
} from '@12yards/api/src/events';
import type { StoredEvent } from '@12yards/platform';
import type { FaqEvent } from './faq/events';
import type { GalleryEvent } from './gallery/events';
import type { NewsEvent } from './news/events';
import type { SettingEvent } from './setting/events';

type ContentEvent = NewsEvent | GalleryEvent | FaqEvent | SettingEvent;

/** The trash events of the three trashable aggregates (trashable() of packages/platform) and the item they name. */
const TRASH_EVENT = /^(NewsArticle|Faq|GalleryItem)(Trashed|Restored)$/;
const TRASHED_ENTITY = { NewsArticle: 'news', Faq: 'faq', GalleryItem: 'gallery-item' } as const;

function trashChange(event: StoredEvent): UnversionedIntegrationEvent<'content'> | null {
  const match = TRASH_EVENT.exec(event.type);
  if (!match) return null;
  const entityType = TRASHED_ENTITY[match[1] as keyof typeof TRASHED_ENTITY];
  const type = match[2] === 'Trashed' ? 'ContentItemTrashed' : 'ContentItemRestored';
  return { type, data: { entityType, id: (event.data as { id: string }).id } };
}

function map(event: ContentEvent): UnversionedIntegrationEvent<'content'> | null {
  switch (event.type) {
    case 'NewsArticlePublished':
    case 'NewsArticleDrafted':
    case 'NewsArticleUpdated':
      return {
        type: 'NewsArticleChanged',
        data: { articleId: event.data.id, imageUrl: event.data.imageUrl },
      };
    case 'NewsArticleDeleted':
      return { type: event.type, data: { articleId: event.data.id } };
    case 'NewsArticleWentLive':
      return {
        type: event.type,
        data: { articleId: event.data.id, publishDate: event.data.publishDate },
      };
    case 'GalleryItemAdded':
    case 'GalleryItemUpdated':
      return {
        type: 'GalleryItemChanged',
        data: { itemId: event.data.id, imageUrl: event.data.imageUrl },
      };
    case 'GalleryItemRemoved':
      return { type: event.type, data: { itemId: event.data.id } };
    case 'FaqCreated':
    case 'FaqUpdated':
      return { type: 'FaqChanged', data: { faqId: event.data.id } };
    case 'FaqDeleted':
      return { type: event.type, data: { faqId: event.data.id } };
    case 'SettingChanged':
      return { type: event.type, data: { key: event.data.key } };
    default:
      return null;
  }
}

/**
 * The integration events of the content topic. Every change of what the public sees is published (the gateway
 * re-renders pages and drops its copy of public reads on any of them); images are named for the media service.
 */
export function contentIntegrationEvents(event: StoredEvent): IntegrationEvent<'content'> | null {
  const mapped = trashChange(event) ?? map(event as StoredEvent & ContentEvent);
  return mapped && integrationEvent('content', mapped);
}

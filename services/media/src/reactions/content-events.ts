import type { IntegrationEvent } from '@12yards/api/src/events';
import {
  runReaction,
  subscribeToTopic,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { uploadIdOf } from '../upload/store';
import { referenceDecider } from '../reference/decide';
import { streamId } from '../reference/events';

export const GROUP = 'media';
export const CONTENT_TOPIC = 'content' as const;
/** How late a content event may reach media (see subscribeToContent). */
export const MAX_DELAY_MS = 500;

/** The upload an image address points at (/media/<uuid>.<ext>, absolute or relative, any query), or null. */
export function uploadIdFromUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith('/media/')) return null;
  return uploadIdOf(path.slice('/media/'.length));
}

/**
 * What a content event says about the record's image: the upload it now points at (null: none), or undefined
 * when the event says nothing about images (FAQs, settings).
 */
export function referenceIn(event: IntegrationEvent<'content'>): string | null | undefined {
  switch (event.type) {
    case 'NewsArticleChanged':
    case 'GalleryItemChanged':
      return uploadIdFromUrl(event.data.imageUrl);
    case 'NewsArticleDeleted':
    case 'GalleryItemRemoved':
      return null;
    default:
      return undefined;
  }
}

/**
 * Records MediaReferenceChanged for the record behind a content event (`message`: its envelope, whose stream names
 * the record), at most once per source event.
 */
export async function handleOutsideEvent(
  ctx: ServiceContext,
  event: IntegrationEvent<'content'>,
  message: Pick<StoredEvent, 'id' | 'streamId'>,
  topic: string,
): Promise<void> {
  const uploadId = referenceIn(event);
  if (uploadId === undefined) return;
  const source = `${topic}:${message.streamId}`;
  await runReaction(
    ctx,
    streamId(source),
    referenceDecider,
    { type: 'SetReference', source, uploadId, at: ctx.clock() },
    { actor: 'system', eventId: message.id, purpose: 'media-reference' },
  );
}

/** Follows the content service's topic so that a file a news article or screenshot shows is never deleted. */
export function subscribeToContent(ctx: ServiceContext): Promise<Subscription> {
  return subscribeToTopic(
    ctx,
    GROUP,
    CONTENT_TOPIC,
    (event, message) => handleOutsideEvent(ctx, event, message, CONTENT_TOPIC),
    {
      wants: (event) => referenceIn(event) !== undefined,
      // A file goes only once its library entry was trashed and then deleted for good (two steps, by an admin or
      // days apart), so a reference may come half a second late while content is busy: the content topic's events,
      // most of them FAQs and settings that media passes by, then reach it in a few big fetches, not one fetch each.
      maxDelayMs: MAX_DELAY_MS,
    },
  );
}

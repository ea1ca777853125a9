import {
  ConcurrencyError,
  deterministicEventId,
  DuplicateEventError,
  fold,
  subscribeIdempotent,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { uploadIdOf } from '../upload/store';
import { referenceDecider } from './decide';
import { streamId, type ReferenceEvent } from './events';

export const GROUP = 'media';
export const CONTENT_TOPIC = 'content';

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
 * What an outside event says about the record's image: the upload it now points at (null: none), or undefined
 * when the event says nothing about images. Any event carrying `imageUrl` sets it (news and gallery events carry
 * the full fields); a Deleted/Removed event drops it.
 */
export function referenceIn(event: StoredEvent): string | null | undefined {
  if (/(Deleted|Removed)$/.test(event.type)) return null;
  const data = event.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'imageUrl' in data) return uploadIdFromUrl(data.imageUrl);
  return undefined;
}

/** Records MediaReferenceChanged for the record behind an outside event, at most once per source event. */
export async function handleOutsideEvent(
  ctx: ServiceContext,
  event: StoredEvent,
  topic: string,
): Promise<void> {
  const uploadId = referenceIn(event);
  if (uploadId === undefined) return;
  const source = `${topic}:${event.streamId}`;
  const store = ctx.infra.eventStore;
  const stream = streamId(source);
  for (let attempt = 1; ; attempt++) {
    const history = (await store.read(stream)) as unknown as ReferenceEvent[];
    const decided = referenceDecider.decide(
      { type: 'SetReference', source, uploadId, at: ctx.clock() },
      fold(referenceDecider, history),
    );
    if (decided.length === 0) return;
    try {
      await store.append(
        stream,
        history.length === 0 ? 'no_stream' : history.length,
        decided.map((e) => ({
          ...e,
          id: deterministicEventId(event.id, 'media-reference'),
          meta: { actor: 'system', causationId: event.id },
        })),
      );
      break;
    } catch (err) {
      if (err instanceof DuplicateEventError) return;
      if (err instanceof ConcurrencyError && attempt < 3) continue;
      throw err; // redelivered later
    }
  }
  await ctx.projector.catchUp();
}

/** Follows the content service's topic so that a file a news article or screenshot shows is never deleted. */
export function subscribeToContent(ctx: ServiceContext): Promise<Subscription> {
  return subscribeIdempotent(ctx.infra.bus, ctx.infra.readModels, GROUP, [CONTENT_TOPIC], (event, topic) =>
    handleOutsideEvent(ctx, event, topic),
  );
}

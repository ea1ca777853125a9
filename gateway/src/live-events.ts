import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { createChannel, createSession, type Channel, type DefaultChannelState } from 'better-sse';
import { LIVE_RESYNC_EVENT, type EntityType, type LiveEvent } from '@12yards/api';
import { parseIntegrationEvent, type IntegrationEvent, type Producer } from '@12yards/api/src/events';
import {
  hasEncryptedFields,
  HttpError,
  refuseBusy,
  reopener,
  type Logger,
  type StoredEvent,
} from '@12yards/platform';
import { requireSession } from './auth/guard';
import type { SessionsEnded } from './auth/sessions';
import type { InstanceSubscriptions } from './instance-subscription';

/** Streams one sign-in may hold open (a few tabs); a further one is refused with 429, never an older one closed. */
export const STREAMS_PER_SESSION = 4;
/** Default bound on the streams one gateway process holds (LIVE_MAX_STREAMS). */
export const DEFAULT_MAX_STREAMS = 500;
/** What a client refused for the process's bound is told to wait (seconds). */
const STREAMS_RETRY_AFTER = 10;

/** The topics whose events an admin sees live (media publishes none). */
export const LIVE_TOPICS = [
  'partners',
  'contracts',
  'content',
  'status',
] as const satisfies readonly Producer[];
type LiveTopic = (typeof LIVE_TOPICS)[number];
type Live = Omit<LiveEvent, 'id' | 'at'>;

const to = (kind: Live['kind'], entityType: EntityType, entityId: string, title?: string): Live => ({
  kind,
  entityType,
  entityId,
  ...(title !== undefined && { title }),
});
/** Every event type has an entry (a new one must say what the admins are told: null for nothing). */
type Mappers = {
  [T in IntegrationEvent['type']]: (data: Extract<IntegrationEvent, { type: T }>['data']) => Live | null;
};

/** What an admin is told of each integration event. Only the fields the event's schema declares. */
const LIVE: Mappers = {
  PartnerApplicationSubmitted: (d) =>
    to(
      'application-submitted',
      'partner',
      d.partnerId,
      `New application from ${d.organization ?? d.knownAs ?? d.name}`,
    ),
  PartnerDetailsChanged: (d) => to('application-changed', 'partner', d.partnerId),
  PartnerStatusChanged: (d) => to('application-changed', 'partner', d.partnerId),
  ContactMessageReceived: (d) => to('message-received', 'contact', d.contactId, `New message from ${d.name}`),
  ContactStatusChanged: (d) => to('message-changed', 'contact', d.contactId),
  ApplicationsExpired: () => null, // the hourly retention sweep: the erased rows read so at the next list read
  ContractCreated: (d) => to('contract-created', 'contract', d.contractId),
  ContractReactivated: (d) => to('contract-changed', 'contract', d.contractId),
  ContractEnded: (d) => to('contract-changed', 'contract', d.contractId),
  ContractDeleted: (d) => to('contract-changed', 'contract', d.contractId),
  ContractDocumentGenerated: (d) =>
    to('document-generated', 'contract', d.contractId, 'Contract document generated'),
  ServiceStatusChanged: (d) => to('status-changed', 'service-status', d.serviceId),
  NewsArticleChanged: (d) => to('content-changed', 'news', d.articleId),
  NewsArticleDeleted: (d) => to('content-changed', 'news', d.articleId),
  NewsArticleWentLive: (d) => to('content-changed', 'news', d.articleId),
  GalleryItemChanged: (d) => to('content-changed', 'gallery-item', d.itemId),
  GalleryItemRemoved: (d) => to('content-changed', 'gallery-item', d.itemId),
  FaqChanged: (d) => to('content-changed', 'faq', d.faqId),
  FaqDeleted: (d) => to('content-changed', 'faq', d.faqId),
  SettingChanged: (d) => to('content-changed', 'setting', d.key),
  ContentItemTrashed: (d) => to('content-changed', d.entityType, d.id),
  ContentItemRestored: (d) => to('content-changed', d.entityType, d.id),
};

/** What an admin is told of one integration event (null: nothing). */
export function toLive(event: IntegrationEvent): Live | null {
  // Every parsed event has an entry; an unparsed one (a test, a cast) tells nothing.
  const map = LIVE[event.type] as ((data: unknown) => Live | null) | undefined;
  return map?.(event.data) ?? null;
}

export interface LiveEventsOptions {
  /** This process's subscription to the services' events (registered on as 'live'); without it no event comes. */
  subscriptions?: InstanceSubscriptions;
  logger: Logger;
  clock?: () => Date;
  /** Events kept for clients that reconnect with Last-Event-ID. */
  bufferSize?: number;
  heartbeatMs?: number;
  /**
   * Events that happened longer ago than this before this was made (a fresh group reading a topic from its start)
   * are not news.
   */
  maxAgeMs?: number;
  /**
   * Whether the session a stream was opened with is still live (not logged out, expired or revoked), asked every
   * `recheckMs` (default 5 s): a stream whose session ended elsewhere (another replica, `npm run admin:create`) is
   * closed, and the browser's reconnection then gets 401. Sessions this process ends close theirs at once
   * ({@link LiveEvents.sessionsEnded}).
   */
  stillSignedIn?: (sessionToken: string | undefined) => Promise<boolean>;
  recheckMs?: number;
  /** Streams this process holds at most (default {@link DEFAULT_MAX_STREAMS}); beyond, 503 with Retry-After. */
  maxStreams?: number;
  /** Streams one sign-in holds at most (default {@link STREAMS_PER_SESSION}); beyond, 429. */
  streamsPerSession?: number;
}

interface StreamState {
  sessionToken: string | undefined;
  userId: string | undefined;
  end: () => void;
}

/** An open stream, counted from the moment it is accepted (before its first byte) until its socket closes. */
type OpenStream = StreamState;

/**
 * An event kept for replay. Its title, when made from a person's encrypted fields, is not kept: it is made again from
 * the message as its producer's keys open it at replay ("Erased personal data" once that person was erased).
 */
interface Kept {
  event: LiveEvent;
  title?: () => Promise<string | undefined>;
}

/**
 * `GET /api/admin/events`: the integration events an admin cares about, as server-sent events. Each gateway process
 * reads every event of the services' topics (a consumer group of its own) and pushes it to the admins connected to
 * it. Event ids are `<epoch>-<sequence>`, the epoch naming this process's run: a client that reconnects with a
 * Last-Event-ID still in the ring buffer gets what it missed; one older than the buffer, or from another run or
 * replica, gets a `resync` event (refetch everything).
 */
export class LiveEvents {
  private readonly channel: Channel<DefaultChannelState, StreamState> = createChannel();
  private recheck?: NodeJS.Timeout;
  private readonly buffer: Kept[] = [];
  private readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  /** When this was made: its events older than that by more than maxAgeMs are not news. */
  private readonly startedAt: number;
  private readonly open = new Set<OpenStream>();

  constructor(private readonly options: LiveEventsOptions) {
    this.startedAt = this.now();
    options.subscriptions?.register('live', LIVE_TOPICS, (message, topic) =>
      this.receive(message, topic as LiveTopic),
    );
  }

  /** Closes every stream (the process's subscription, which feeds them, is stopped by its owner). */
  async stop(): Promise<void> {
    clearInterval(this.recheck);
    this.recheck = undefined;
    for (const session of this.channel.activeSessions) {
      this.channel.deregister(session);
    }
  }

  /** Admins connected to this process (tests: a closed client is let go). */
  get connections(): number {
    return this.channel.sessionCount;
  }

  /** Ends at once every stream of the sessions that ended (logout, a password or role change in this process). */
  readonly sessionsEnded = (ended: SessionsEnded): void => {
    for (const stream of this.open) {
      const match = 'token' in ended ? stream.sessionToken === ended.token : stream.userId === ended.userId;
      if (match) stream.end();
    }
  };

  /** Takes a place for a new stream of this session, or refuses: 503 when the process is full, 429 per session. */
  private admit(sessionToken: string | undefined, userId: string | undefined, end: () => void): OpenStream {
    const { maxStreams = DEFAULT_MAX_STREAMS, streamsPerSession = STREAMS_PER_SESSION } = this.options;
    if (this.open.size >= maxStreams) {
      throw refuseBusy(
        'too_many_streams',
        'Too many live connections to this server; please try again shortly',
        STREAMS_RETRY_AFTER,
      );
    }
    const mine = [...this.open].filter((s) => s.sessionToken === sessionToken).length;
    if (mine >= streamsPerSession) {
      throw new HttpError(
        429,
        'too_many_streams',
        `At most ${streamsPerSession} live connections per sign-in: close another tab of the admin and reload`,
      );
    }
    const stream: OpenStream = { sessionToken, userId, end };
    this.open.add(stream);
    return stream;
  }

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  /**
   * Keeps the event for replay, and shows it to the admins watching. Its personal fields may come encrypted (the
   * gateway's bus opens them when asked): they are opened only while someone watches; the replay buffer opens them
   * when it replays.
   */
  private async receive(message: StoredEvent, topic: LiveTopic): Promise<void> {
    const maxAge = this.options.maxAgeMs ?? 5 * 60_000;
    if (Date.parse(message.occurredAt) < this.startedAt - maxAge) return;
    const reopen = reopener(message);
    const encrypted = reopen !== undefined && hasEncryptedFields(message);
    const shown = encrypted && this.channel.sessionCount > 0 ? await reopen() : message;
    const parsed = parseIntegrationEvent(topic, shown);
    if (!parsed.ok) {
      this.options.logger.warn({ topic, type: message.type, reason: parsed.reason }, 'live events: skipped');
      return;
    }
    const live = toLive(parsed.event);
    if (!live) return;
    const event: LiveEvent = { id: `${this.epoch}-${++this.seq}`, at: message.occurredAt, ...live };
    this.buffer.push(this.kept(event, message, topic));
    if (this.buffer.length > (this.options.bufferSize ?? 500)) this.buffer.shift();
    // Nobody was watching when it came: nothing to show (its title would be made of encrypted fields).
    if (encrypted && shown === message) return;
    this.channel.broadcast(event, event.kind, { eventId: event.id });
  }

  /** The event as the replay buffer keeps it: without a title made from encrypted personal fields. */
  private kept(event: LiveEvent, message: StoredEvent, topic: LiveTopic): Kept {
    const reopen = reopener(message);
    if (!reopen || event.title === undefined) return { event };
    const { title: _plain, ...rest } = event;
    return {
      event: rest,
      title: async () => {
        const parsed = parseIntegrationEvent(topic, await reopen());
        return parsed.ok ? (toLive(parsed.event)?.title ?? undefined) : undefined;
      },
    };
  }

  /** A kept event as it is replayed, its title made again from what its producer's keys open now. */
  private async replayed({ event, title }: Kept): Promise<LiveEvent> {
    if (!title) return event;
    try {
      const now = await title();
      return now === undefined ? event : { ...event, title: now };
    } catch (err) {
      this.options.logger.warn({ err, id: event.id }, 'live events: a kept title could not be made again');
      return event;
    }
  }

  /** What a client that saw `lastId` missed: the events after it, or null when the buffer cannot tell. */
  private missed(lastId: string): Kept[] | null {
    const [epoch, n] = lastId.split('-');
    const seq = Number(n);
    if (epoch !== this.epoch || !Number.isInteger(seq) || seq > this.seq) return null;
    const first = this.buffer[0] ? Number(this.buffer[0].event.id.split('-')[1]) : this.seq + 1;
    if (seq < first - 1) return null;
    return this.buffer.filter((k) => Number(k.event.id.split('-')[1]) > seq);
  }

  /**
   * The route handler: 401 without an admin session (either role); 429 when this sign-in already holds
   * {@link STREAMS_PER_SESSION} streams (an EventSource does not retry a refused stream, so tabs do not fight over
   * places); 503 with Retry-After when the process holds its bound; else the stream.
   */
  readonly handler = (publicOrigin: string | undefined) => async (req: Request, res: Response) => {
    const signedIn = requireSession(req, publicOrigin);
    const stream = this.admit(req.sessionToken, signedIn.userId, () => res.end());
    res.once('close', () => this.open.delete(stream));
    const session = await createSession<StreamState>(req, res, {
      keepAlive: this.options.heartbeatMs ?? 15_000,
      retry: 2_000,
      state: stream,
    });
    if (session.lastId) {
      const missed = this.missed(session.lastId);
      if (missed) {
        const events = await Promise.all(missed.map((k) => this.replayed(k)));
        for (const e of events) session.push(e, e.kind, e.id);
      } else {
        session.push(
          { reason: 'Last-Event-ID is older than what is kept' },
          LIVE_RESYNC_EVENT,
          this.lastId(),
        );
      }
    }
    this.channel.register(session);
    this.recheckSessions();
  };

  /** While streams are open, closes every stream whose admin session has ended. */
  private recheckSessions(): void {
    const { stillSignedIn, recheckMs = 5_000 } = this.options;
    if (!stillSignedIn || this.recheck) return;
    this.recheck = setInterval(() => {
      if (this.channel.sessionCount === 0) {
        clearInterval(this.recheck);
        this.recheck = undefined;
        return;
      }
      // One look per session, however many tabs it has open.
      for (const token of new Set([...this.open].map((s) => s.sessionToken))) {
        stillSignedIn(token).then(
          (live) => live || (token !== undefined && this.sessionsEnded({ token })),
          (err: unknown) => this.options.logger.warn({ err }, 'live events: session check failed'),
        );
      }
    }, recheckMs);
    this.recheck.unref();
  }

  private lastId(): string {
    return `${this.epoch}-${this.seq}`;
  }
}

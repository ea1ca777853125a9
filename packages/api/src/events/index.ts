import type { z } from 'zod';
import { messageSchema, type EventVersion, type Producer } from './define';
import * as partners from './partners';
import * as contracts from './contracts';
import * as content from './content';
import * as status from './status';

export * from './define';
export { partners, contracts, content, status };

type MessageOf<E> =
  E extends EventVersion<infer T, infer V, infer D> ? { type: T; version: V; data: z.infer<D> } : never;

/** The current version of each event, by producing service (its topic). */
const latest = {
  partners: [
    partners.partnerApplicationSubmitted,
    partners.partnerDetailsChanged,
    partners.partnerStatusChanged,
    partners.contactMessageReceived,
    partners.contactStatusChanged,
    partners.applicationsExpired,
  ],
  contracts: [
    contracts.contractCreated,
    contracts.contractReactivated,
    contracts.contractEnded,
    contracts.contractDeleted,
    contracts.contractDocumentGenerated,
  ],
  content: [
    content.newsArticleChanged,
    content.newsArticleDeleted,
    content.newsArticleWentLive,
    content.galleryItemChanged,
    content.galleryItemRemoved,
    content.faqChanged,
    content.faqDeleted,
    content.settingChanged,
    content.contentItemTrashed,
    content.contentItemRestored,
  ],
  status: [status.serviceStatusChanged],
  media: [],
} as const satisfies Record<Producer, readonly EventVersion[]>;

/** An integration event of a topic, at its current version, as a consumer reads it. */
export type IntegrationEvent<P extends Producer = Producer> = MessageOf<(typeof latest)[P][number]>;
/** One type of event of a topic. */
export type IntegrationEventOf<P extends Producer, T extends IntegrationEvent<P>['type']> = Extract<
  IntegrationEvent<P>,
  { type: T }
>;

/** Every version of every event: the catalogue, and what a consumer can read. */
export const allEventVersions: readonly EventVersion[] = [
  ...partners.partnersEvents,
  ...contracts.contractsEvents,
  ...content.contentEvents,
  ...status.statusEvents,
];

/** The meta key carrying an integration event's version on the bus (absent: 1, the topics before versioning). */
export const SCHEMA_VERSION_META = 'schemaVersion';

type WithoutVersion<E> = E extends unknown ? Omit<E, 'version'> : never;
/** An integration event as its producer maps it: its type and data (the version is the catalogue's current one). */
export type UnversionedIntegrationEvent<P extends Producer = Producer> = WithoutVersion<IntegrationEvent<P>>;

/** What a producer publishes: the event at its current version (from `latest`), checked against its schema. */
export function integrationEvent<P extends Producer>(
  producer: P,
  event: UnversionedIntegrationEvent<P>,
): IntegrationEvent<P> {
  const def = (latest[producer] as readonly EventVersion[]).find((e) => e.type === event.type);
  if (!def) throw new Error(`${producer} publishes no integration event ${event.type}`);
  return messageSchema(def).parse({ ...event, version: def.version }) as IntegrationEvent<P>;
}

export type ParseResult<P extends Producer> =
  { ok: true; event: IntegrationEvent<P> } | { ok: false; reason: string };

/**
 * Reads a message of a topic: its type and version pick the schema, older versions are upcast to the current one.
 * A message that fits no schema is not ok, with the reason (the consumer dead-letters it).
 */
export function parseIntegrationEvent<P extends Producer>(
  topic: P,
  message: { type: string; data: unknown; meta?: Record<string, unknown> },
): ParseResult<P> {
  const rawVersion = message.meta?.[SCHEMA_VERSION_META] ?? 1;
  const versions = allEventVersions.filter((e) => e.producer === topic && e.type === message.type);
  if (versions.length === 0)
    return { ok: false, reason: `unknown event type ${message.type} on topic ${topic}` };
  let def = versions.find((e) => e.version === rawVersion);
  if (!def) return { ok: false, reason: `unknown version ${String(rawVersion)} of ${message.type}` };
  let data: unknown = message.data;
  for (;;) {
    const parsed = def.data.safeParse(data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
      return { ok: false, reason: `${message.type} v${def.version} does not parse: ${issues.join('; ')}` };
    }
    data = parsed.data; // only the declared fields go on
    if (!def.upcast) break;
    data = def.upcast(parsed.data);
    const next = versions.find((e) => e.version === def!.version + 1);
    if (!next) return { ok: false, reason: `no version ${def.version + 1} of ${message.type} to upcast to` };
    def = next;
  }
  return { ok: true, event: { type: def.type, version: def.version, data } as IntegrationEvent<P> };
}

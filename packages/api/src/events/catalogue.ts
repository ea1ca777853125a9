import { z } from 'zod';
import { producers, type EventVersion } from './define';
import { allEventVersions, SCHEMA_VERSION_META } from './index';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** A field's type as one line: `string`, `string \| null`, `'a' \| 'b'`. */
function typeOf(s: JsonSchema): string {
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.enum) return s.enum.map((v) => (v === null ? 'null' : `'${String(v)}'`)).join(' \\| ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const types = Array.isArray(s.type) ? s.type : [s.type ?? 'unknown'];
  const base = types.join(' \\| ');
  return s.minLength ? `${base} (not empty)` : base;
}

function fields(e: EventVersion): string[] {
  const schema = z.toJSONSchema(e.data, { io: 'input' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(
    ([name, s]) => `| \`${name}\` | ${typeOf(s)} | ${required.has(name) ? 'yes' : 'no'} |`,
  );
}

/** docs/events.md: every integration event, by producer, generated from the schemas (npm run events:catalogue). */
export function renderCatalogue(): string {
  const out = [
    '# Integration events',
    '',
    '<!-- Generated from packages/api/src/events by `npm run events:catalogue`; CI (`npm run events:check`) fails when it is stale. Do not edit. -->',
    '',
    'What crosses a service boundary. Each service maps its internal events to these (`services/<name>/src/integration-events.ts`);',
    'its outbox relay publishes them, and nothing else, to the topic named after the service (Kafka: one topic per',
    "producer; embedded: a table in the producer's SQLite file). A message is the source event's envelope (`id`,",
    "`streamId`, `position`, `occurredAt`, `meta` with the trace context) with the integration event's `type` and",
    `\`data\`, and its schema version in \`meta.${SCHEMA_VERSION_META}\` (absent: 1). A consumer parses each message with`,
    'these schemas (an older version is upcast to the current one) and reads only the fields listed; a message that',
    'does not parse, or whose handler still fails after 5 tries, goes to `<topic>.dlq` with the reason',
    '(`events_dead_lettered_total` in /metrics).',
    '',
  ];
  for (const producer of producers) {
    const events = allEventVersions.filter((e) => e.producer === producer);
    out.push(`## Topic \`${producer}\` (producer: ${producer})`, '');
    if (events.length === 0) {
      out.push('Publishes no integration event: nothing outside the service needs its events.', '');
      continue;
    }
    for (const e of events) {
      const current = !events.some((o) => o.type === e.type && o.version > e.version);
      out.push(
        `### ${e.type} v${e.version}${current ? '' : ' (superseded: upcast on read)'}`,
        '',
        e.description,
        '',
        `- type: \`${e.type}\`, version: ${e.version}`,
        `- producer: ${e.producer}`,
        `- consumers: ${e.consumers.join(', ')}`,
        '',
        '| field | type | required |',
        '| --- | --- | --- |',
        ...fields(e),
        '',
      );
    }
  }
  return out.join('\n');
}

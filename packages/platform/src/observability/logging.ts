import pino from 'pino';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '../http/identity';
import { chooseLogFormat, type LogFormat } from './log-format';
import { prettyDestination } from './log-pretty';

export { chooseLogFormat, logFormat, redactUrl, type LogFormat } from './log-format';
export { prettyLine } from './log-pretty';

export type Logger = pino.Logger;
export type LogDestination = pino.DestinationStream;

/** Headers that carry credentials: a session, a bearer token, the CSRF token, the gateway's signed identity. */
const SECRET_HEADERS = [
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-csrf-token',
  IDENTITY_HEADER,
  SIGNATURE_HEADER,
];
/** Fields that hold a password, a hash of one or a token, wherever a logged object or body has them. */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'passwordHash', 'csrfToken', 'token'];

/**
 * What pino replaces with "[Redacted]" in every line: the secret headers of any logged request or response
 * (pino-http's req and res, or any object with `headers`), and the secret fields up to three levels down.
 */
export const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

/** `trace_id` and `span_id` of the span active where a line is logged (none without tracing). */
export function traceFields(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * An error as pino writes it (type, message, stack, cause), with only those of its own fields that are plain values.
 * A client library's error may carry the client's whole state: the MongoDB driver's `reason` holds its topology,
 * whose cycles made the line "[unable to serialize, circular reference is too complex to analyze]", message included.
 */
export function errorFields(err: unknown): unknown {
  if (typeof err !== 'object' || err === null) return err;
  // An Error, or what pino's own serializer made of one (pino-http hands its serialized error on).
  const fields = (err instanceof Error ? pino.stdSerializers.err(err) : { ...err }) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(fields)) {
    const plain =
      value === null ||
      ['string', 'number', 'boolean'].includes(typeof value) ||
      (Array.isArray(value) && value.every((v) => typeof v !== 'object'));
    if (!plain && key !== 'cause') delete fields[key];
  }
  if (typeof fields.cause === 'object') fields.cause = errorFields(fields.cause);
  return fields;
}

/**
 * Lines on stdout (or `destination`, always JSON): JSON, one object per line, or one short readable line each, as
 * `format` says (default {@link chooseLogFormat}: LOG_FORMAT, else readable in a terminal and JSON anywhere else).
 * LOG_LEVEL sets the level (silent in tests unless asked for). Every process (gateway, services, worker, CLI) logs
 * through this, so none writes the secrets in {@link REDACTED_PATHS}.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  destination?: LogDestination,
  format: LogFormat = chooseLogFormat(),
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    // INSTANCE_ID names the replica (`partners-2`) when several processes of one service run.
    base: { service: name, ...(process.env.INSTANCE_ID && { instance: process.env.INSTANCE_ID }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS },
    mixin: traceFields,
    serializers: { err: errorFields },
  };
  if (destination) return pino(options, destination);
  return format === 'pretty' ? pino(options, prettyDestination()) : pino(options);
}

/**
 * Lets one line through per `intervalMs` for each key and counts the others, so a flood of the same expected event
 * (a deliberate 503 under overload) writes a line a second, not one per request.
 */
export class LogSampler {
  private readonly last = new Map<string, { at: number; skipped: number }>();

  constructor(
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many lines of `key` were skipped since the last one let through, or null: skip this one too. */
  take(key: string): number | null {
    const now = this.now();
    const seen = this.last.get(key);
    if (seen && now - seen.at < this.intervalMs) {
      seen.skipped++;
      return null;
    }
    this.last.set(key, { at: now, skipped: 0 });
    return seen?.skipped ?? 0;
  }
}

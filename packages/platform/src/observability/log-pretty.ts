import { styleText } from 'node:util';

/** pino's numeric levels, as a person reads them. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOUR: Record<number, Parameters<typeof styleText>[0]> = {
  10: 'gray',
  20: 'gray',
  40: 'yellow',
  50: 'red',
  60: 'red',
};
/** Fields every line has, or that the line's text already says. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'name',
  'instance',
  'msg',
  'req',
  'res',
  'responseTime',
  'reqId',
  'trace_id',
  'span_id',
  'err',
]);
const MAX_VALUE = 120;

type Entry = Record<string, unknown> & { level?: number; time?: string; msg?: string };

/** A field's value on one line, cut at MAX_VALUE characters; a string with spaces quoted, anything else as JSON. */
function value(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  const oneLine = text.replace(/\s+/g, ' ');
  const short = oneLine.length > MAX_VALUE ? `${oneLine.slice(0, MAX_VALUE - 1)}…` : oneLine;
  return typeof v === 'string' && /[\s="]/.test(short) ? JSON.stringify(short) : short;
}

/**
 * One pino JSON line as a person reads it: `14:02:11 partners  partners service listening port=8103`, a request as
 * `14:02:11 gateway   GET /api/news 200 12 ms`; the level is named when it is not info, an error's stack follows
 * on the next lines. `colour` adds ANSI colours (a terminal that wants them).
 */
export function prettyLine(json: string, colour = false): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    colour ? styleText(style, text) : text;
  const level = entry.level ?? 30;
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  // The process: a line's own `service` field (the proxy names the service it called) does not replace it.
  const who = String(entry.instance ?? entry.name ?? entry.service ?? '').padEnd(9);
  const label =
    level === 30 ? '' : `${paint(LEVEL_COLOUR[level] ?? 'white', LEVELS[level] ?? String(level))} `;
  const extras = Object.entries(entry)
    .filter(
      ([k, v]) =>
        !SHOWN.has(k) &&
        v !== undefined &&
        !(k === 'service' && (entry.name === undefined || v === entry.name)),
    )
    .map(([k, v]) => `${k}=${value(v)}`);
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  const head = [`${paint('gray', time)} ${paint('cyan', who)} ${label}${entry.msg ?? ''}`];
  if (err?.message && !(entry.msg ?? '').includes(err.message)) head.push(`: ${err.message}`);
  const line = [head.join(''), ...extras].join(' ');
  const stack = level >= 50 && err?.stack ? `\n${err.stack.replace(/^/gm, '    ')}` : '';
  return `${line}${stack}\n`;
}

/** A pino destination that writes each line through {@link prettyLine} to `out` (stdout by default). */
export function prettyDestination(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(line: string) {
      out.write(prettyLine(line, colour));
    },
  };
}

import { z } from 'zod';

/** LOG_FORMAT: `pretty`, one short readable line per entry (a terminal); `json`, one object per line (machines). */
export const logFormat = z.enum(['pretty', 'json']);
export type LogFormat = z.output<typeof logFormat>;

/**
 * The log format: LOG_FORMAT when given (a wrong value is refused by each process's config first), else `pretty` when
 * stdout is a terminal (a person watching), else `json` (a pipe, a file, a log collector, a container without a
 * terminal; the images set LOG_FORMAT=json anyway).
 */
export function chooseLogFormat(
  env: NodeJS.ProcessEnv = process.env,
  stdout: { isTTY?: boolean } = process.stdout,
): LogFormat {
  const given = logFormat.safeParse(env.LOG_FORMAT?.trim().toLowerCase() || undefined);
  if (given.success) return given.data;
  return stdout.isTTY ? 'pretty' : 'json';
}

/**
 * A query parameter whose value is a credential (password, passwd, secret, token, key) or an email address, which
 * would keep a person's email in the logs after their erasure (any case, inside a name).
 */
const SECRET_PARAM = /pass(?:word|wd)?|secret|token|key|e-?mail/i;

/**
 * The URL with the values of its credential-like query parameters replaced by `[Redacted]` (a form sent by GET, a
 * link with a token): what may be written to a log. The path and the other parameters stay as they were sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged by its raw spelling.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[Redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

// Dates take an optional time zone: the server renders in UTC and the browser hydrates with the same, then
// switches to the visitor's own (lib/render-context useTimeZone), so both agree on the first render.

/** Home news dates: 'January 5, 2025', or 'Recently' when missing or unreadable. */
export function formatLongDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return 'Recently';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'Recently';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(d);
}

/** /news dates: 'Just now' under an hour, 'N hours ago' under a day, else 'N days ago'. */
export function relativeDate(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'Recently';
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) return 'Recently';
  const hours = Math.floor(Math.max(0, now.getTime() - t) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** A readable date and time for status rows, e.g. '5 Jan 2025, 14:30'. */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return 'Unknown';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

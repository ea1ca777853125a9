import { Link } from 'react-router';
import { cn } from '@12yards/ui';

/** A link into the list a figure counts: the tab, with its filters. */
export function listHref(tab: string, filters: Record<string, string> = {}): string {
  return `?${new URLSearchParams({ tab, ...filters })}`;
}

/** One figure of the dashboard: a link to the list it counts (`current`: that list is the one shown below). */
export function Figure({
  label,
  value,
  href,
  hint,
  current = false,
}: {
  label: string;
  value: number | string | null;
  href: string;
  hint?: string;
  current?: boolean;
}) {
  const shown = value === null ? 'Not available' : String(value);
  return (
    <Link
      to={href}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'block rounded-lg border bg-background p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-primary',
        current && 'border-primary ring-1 ring-primary',
      )}
      aria-label={`${label}: ${shown}${hint ? ` (${hint})` : ''}. Open the list`}
    >
      <span className="block text-sm text-muted-foreground">{label}</span>
      <span className="block text-3xl font-bold tabular-nums" data-figure={label}>
        {shown}
      </span>
      {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
    </Link>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@12yards/ui';

type Value = string | number | null | undefined;

/** One labelled value of a record (a contract's fee, an applicant's email); '-' when there is none. */
export function Detail({ label, value, children }: { label: string; value?: Value; children?: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      {children ? (
        <dd className="mt-0.5">{children}</dd>
      ) : (
        <dd className="break-words text-sm" dir="auto">
          {value === '' || value === null || value === undefined ? '-' : value}
        </dd>
      )}
    </div>
  );
}

/** A record's values as a grid of labelled details, in the order given. */
export function Details({
  items,
  className,
}: {
  items: readonly (readonly [string, Value])[];
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-3', className)}>
      {items.map(([label, value]) => (
        <Detail key={label} label={label} value={value} />
      ))}
    </dl>
  );
}

import type { ReactNode } from 'react';
import { Button } from '@12yards/ui';

/**
 * A filter no select shows, chosen by a dashboard figure's link (?tab=contacts&awaiting=true): what the list is
 * limited to, and the way back to every row.
 */
export function ShowingOnly({ children, onShowAll }: { children: ReactNode; onShowAll: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-3 text-sm">
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onShowAll}>
        Show all
      </Button>
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { Button, Card, CardContent } from '@12yards/ui';
import { recheckSessionOn401 } from '../lib/session';

export function Loading({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A list that could not be read; a 401 (expired session) sends the gate back to /api/auth/me. */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  const queryClient = useQueryClient();
  useEffect(() => recheckSessionOn401(queryClient, error), [error, queryClient]);
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <p className="font-semibold text-destructive">Failed to load {what}</p>
        <p className="text-sm text-muted-foreground">{error.message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="p-10 text-center text-muted-foreground">{children}</CardContent>
    </Card>
  );
}

/** The heading row of a tab: title, optional description, actions on the right. */
export function TabHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

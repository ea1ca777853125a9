import { useQueryClient } from '@tanstack/react-query';
import { Check, Mail, MailWarning, RefreshCw } from 'lucide-react';
import { MESSAGE_AWAIT_HOURS, type ContactMessage } from '@12yards/api';
import { Badge, Button, Card, CardContent, cn } from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { formatDate } from '../lib/format';
import { HISTORY_KEY } from '../lib/history';
import { UNREAD_KEY } from '../lib/unread';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';
import { ListSearch } from '../components/ListSearch';
import { FilteredEmpty, FilterSelect, ListToolbar, useListFilters } from '../components/ListFilters';
import { LoadMore } from '../components/LoadMore';
import { ShowingOnly } from '../components/ShowingOnly';
import { HistorySection } from '../components/HistorySection';
import { usePagedList } from '../lib/pages';
import { useLiveConnected } from '../lib/live-context';

export const CONTACTS_KEY = ['/api/contacts'];
/** SPEC section 9: contacts are polled every 5000 ms (while the live stream is down: issue 19). */
export const CONTACTS_POLL_MS = 5000;

const statusBadge: Record<ContactMessage['status'], React.ReactNode> = {
  unread: <Badge variant="warning">Unread</Badge>,
  read: <Badge variant="outline">Read</Badge>,
  responded: <Badge variant="success">Responded</Badge>,
};

const STATUS_FILTER = [
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'responded', label: 'Responded' },
] as const satisfies readonly { value: ContactMessage['status']; label: string }[];

function noMatch({ q, status, awaiting }: { q?: string; status?: string; awaiting?: string }) {
  if (awaiting && !q && !status) return `No message has waited more than ${MESSAGE_AWAIT_HOURS} hours.`;
  const which = status ? `${status} ` : '';
  return q ? `No ${which}messages match "${q}".` : `No ${which}messages.`;
}

export function ContactsTab() {
  const queryClient = useQueryClient();
  const filters = useListFilters<'status' | 'awaiting'>(CONTACTS_KEY, { awaiting: ['true'] });
  // SPEC section 7: always stale, refetched on mount, focus and reconnect, and every 5 s (the filtered list too),
  // unless the live stream is open: then each new or changed message refetches it.
  const live = useLiveConnected();
  const contacts = usePagedList<ContactMessage>(filters.key, {
    refetchInterval: live ? undefined : CONTACTS_POLL_MS,
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
  // Any status may be set again later: a message marked read or responded by mistake goes back.
  const setStatus = useAdminMutation<{ id: string; status: ContactMessage['status']; version?: number }>({
    mutationFn: (write, { id, status, version }) =>
      write('PUT', `/api/admin/contacts/${id}`, { status }, { version }),
    invalidate: [CONTACTS_KEY, HISTORY_KEY, UNREAD_KEY],
    success: 'Contact status updated successfully',
    failure: 'Failed to update contact status',
  });

  return (
    <section>
      <TabHeader title="Contact Messages" description="Messages sent through the site's contact form.">
        <Button
          variant="outline"
          onClick={() => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY })}
        >
          <RefreshCw aria-hidden="true" className={contacts.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </TabHeader>
      <ListToolbar label="Messages">
        <ListSearch
          key={filters.searchGeneration}
          label="Search messages"
          placeholder="Subject, name or email"
          onSearch={filters.setQ}
        />
        <FilterSelect
          label="Status"
          allLabel="All Messages"
          value={filters.values.status}
          options={STATUS_FILTER}
          onChange={(v) => filters.set('status', v)}
        />
      </ListToolbar>
      {filters.values.awaiting && (
        <ShowingOnly onShowAll={() => filters.set('awaiting', '')}>
          Showing only messages unread or unanswered for more than {MESSAGE_AWAIT_HOURS} hours.
        </ShowingOnly>
      )}
      {contacts.isPending ? (
        <Loading text="Loading contacts..." />
      ) : contacts.isError ? (
        <LoadError what="contacts" error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : contacts.items.length === 0 ? (
        filters.active ? (
          <FilteredEmpty onClear={filters.clear}>{noMatch(filters.values)}</FilteredEmpty>
        ) : (
          <Empty>No contacts found</Empty>
        )
      ) : (
        <>
          <ul
            className={cn('grid gap-3', contacts.isPlaceholderData && 'opacity-60')}
            aria-busy={contacts.isPlaceholderData}
          >
            {contacts.items.map((c) => (
              <li key={c.id}>
                <Card className={c.status === 'unread' ? 'border-l-4 border-l-accent' : undefined}>
                  <CardContent className="grid gap-3 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="text-lg font-semibold">
                          <bdi>{c.subject}</bdi>
                        </h3>
                        <p className="text-sm text-muted-foreground">
                          <bdi>{c.name}</bdi> ·{' '}
                          <a className="text-primary underline underline-offset-2" href={`mailto:${c.email}`}>
                            <bdi>{c.email}</bdi>
                          </a>{' '}
                          · {formatDate(c.createdAt)}
                        </p>
                      </div>
                      {statusBadge[c.status]}
                    </div>
                    <p className="whitespace-pre-wrap text-sm" dir="auto">
                      {c.message}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={c.status === 'read' || setStatus.isPending}
                        onClick={() => setStatus.mutate({ id: c.id, status: 'read', version: c.version })}
                        aria-label={`Mark message from ${c.name} as read`}
                      >
                        <Check aria-hidden="true" />
                        Mark as Read
                      </Button>
                      <Button
                        size="sm"
                        disabled={c.status === 'responded' || setStatus.isPending}
                        onClick={() =>
                          setStatus.mutate({ id: c.id, status: 'responded', version: c.version })
                        }
                        aria-label={`Mark message from ${c.name} as responded`}
                      >
                        <Mail aria-hidden="true" />
                        Mark as Responded
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={c.status === 'unread' || setStatus.isPending}
                        onClick={() => setStatus.mutate({ id: c.id, status: 'unread', version: c.version })}
                        aria-label={`Mark message from ${c.name} as unread`}
                      >
                        <MailWarning aria-hidden="true" />
                        Mark as Unread
                      </Button>
                    </div>
                    <HistorySection entityType="contact" id={c.id} name={c.subject} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={contacts} />
        </>
      )}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Check, Mail, MailWarning, RefreshCw } from 'lucide-react';
import { MESSAGE_AWAIT_HOURS, type ContactMessage } from '@12yards/api';
import { Badge, Button, Card, CardContent } from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { formatDate } from '../lib/format';
import { HISTORY_KEY } from '../lib/history';
import { UNREAD_KEY } from '../lib/unread';
import { useListFilters } from '../components/ListFilters';
import { ResourceList } from '../kit/ResourceList';
import { CardHeading } from '../kit/ResourceCard';
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
    <ResourceList
      title="Contact Messages"
      description="Messages sent through the site's contact form."
      actions={
        <Button
          variant="outline"
          onClick={() => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY })}
        >
          <RefreshCw aria-hidden="true" className={contacts.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      }
      server={{
        list: contacts,
        filters,
        toolbar: ['Messages', 'Search messages', 'Subject, name or email'],
        selects: { status: { label: 'Status', all: 'All Messages', options: STATUS_FILTER } },
        showingOnly: {
          awaiting: `Showing only messages unread or unanswered for more than ${MESSAGE_AWAIT_HOURS} hours.`,
        },
        noMatch: noMatch(filters.values),
      }}
      texts={{ loading: 'Loading contacts...', errorWhat: 'contacts', empty: 'No contacts found' }}
      render={(c) => (
        <Card className={c.status === 'unread' ? 'border-l-4 border-l-accent' : undefined}>
          <CardContent className="grid gap-3 p-4">
            <CardHeading
              title={<bdi>{c.subject}</bdi>}
              subtitle={
                <>
                  <bdi>{c.name}</bdi> ·{' '}
                  <a className="text-primary underline underline-offset-2" href={`mailto:${c.email}`}>
                    <bdi>{c.email}</bdi>
                  </a>{' '}
                  · {formatDate(c.createdAt)}
                </>
              }
              badge={statusBadge[c.status]}
            />
            <p className="whitespace-pre-wrap text-sm" dir="auto">
              {c.message}
            </p>
            <div className="flex flex-wrap gap-2">
              {MARKS.map(({ status, label, icon: Icon, primary }) => (
                <Button
                  key={status}
                  variant={primary ? 'default' : 'outline'}
                  size="sm"
                  disabled={c.status === status || setStatus.isPending}
                  onClick={() => setStatus.mutate({ id: c.id, status, version: c.version })}
                  aria-label={`Mark message from ${c.name} as ${status}`}
                >
                  <Icon aria-hidden="true" />
                  {label}
                </Button>
              ))}
            </div>
            <HistorySection entityType="contact" id={c.id} name={c.subject} />
          </CardContent>
        </Card>
      )}
    />
  );
}

/** The status buttons, in the order SPEC section 7 names them; any status may be set again later. */
const MARKS = [
  { status: 'read', label: 'Mark as Read', icon: Check, primary: false },
  { status: 'responded', label: 'Mark as Responded', icon: Mail, primary: true },
  { status: 'unread', label: 'Mark as Unread', icon: MailWarning, primary: false },
] as const satisfies readonly {
  status: ContactMessage['status'];
  label: string;
  icon: unknown;
  primary?: boolean;
}[];

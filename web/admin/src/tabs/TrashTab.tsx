import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { TRASH_RETENTION_DAYS, type TrashEntityType, type TrashItem } from '@12yards/api';
import { Badge, Button, Card, CardContent } from '@12yards/ui';
import { toastSuccess, useAdminMutation } from '../lib/api';
import { formatDate, formatDateTime } from '../lib/format';
import { useSession } from '../lib/session';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { Empty, TabHeader } from '../components/QueryState';
import { QueryStates } from '../kit/QueryStates';

export const TRASH_KEY = ['/api/admin/trash'];

/** Each kind of item in words, and the lists (admin and public) that show it again once restored. */
const KINDS: Record<TrashEntityType, { name: string; noun: string; lists: string[][] }> = {
  news: { name: 'News article', noun: 'news article', lists: [['/api/admin/news'], ['/api/news']] },
  faq: { name: 'FAQ', noun: 'FAQ', lists: [['/api/admin/faqs'], ['/api/faqs']] },
  'gallery-item': {
    name: 'Screenshot',
    noun: 'screenshot',
    lists: [['/api/admin/app-gallery'], ['/api/app-gallery']],
  },
  media: { name: 'Media file', noun: 'media file', lists: [['/api/admin/media']] },
};

const itemPath = (item: TrashItem) => `/api/admin/trash/${item.entityType}/${encodeURIComponent(item.id)}`;

/**
 * Deleted news, FAQs, screenshots and media files, newest first: any admin may restore one; only the admin role
 * may delete one for good or empty the trash (the sweep does it after TRASH_RETENTION_DAYS).
 */
export function TrashTab() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const trash = useQuery<TrashItem[]>({ queryKey: TRASH_KEY });
  const restore = useAdminMutation<TrashItem>({
    mutationFn: (write, item) => write('POST', `${itemPath(item)}/restore`),
    invalidate: [TRASH_KEY, ...Object.values(KINDS).flatMap((k) => k.lists)],
    failure: 'Failed to restore item',
    onSuccess: (_result, item) => toastSuccess(`${KINDS[item.entityType].name} restored successfully`),
  });
  const purge = useAdminMutation<TrashItem>({
    mutationFn: (write, item) => write('DELETE', itemPath(item)),
    invalidate: [TRASH_KEY],
    success: 'Item deleted for good',
    failure: 'Failed to delete item',
  });
  const empty = useAdminMutation<void>({
    mutationFn: (write) => write('DELETE', '/api/admin/trash'),
    invalidate: [TRASH_KEY],
    success: 'Trash emptied',
    failure: 'Failed to empty the trash',
  });
  const items = trash.data ?? [];

  return (
    <section>
      <TabHeader
        title="Trash"
        description={`Deleted news, FAQs, screenshots and media files stay here for ${TRASH_RETENTION_DAYS} days, then they are deleted for good.`}
      >
        {isAdmin && items.length > 0 && (
          <ConfirmDelete
            what="items in the trash"
            verb="Empty trash"
            label="Empty trash"
            withText
            disabled={empty.isPending}
            onConfirm={() => empty.mutate()}
          />
        )}
      </TabHeader>
      <QueryStates
        query={trash}
        loading="Loading trash..."
        errorWhat="the trash"
        isEmpty={items.length === 0}
        empty={<Empty>The trash is empty.</Empty>}
      >
        {() => (
          <ul className="grid gap-3">
            {items.map((item) => (
              <li key={`${item.entityType}:${item.id}`}>
                <Card>
                  <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="outline">{KINDS[item.entityType].name}</Badge>
                        <h3 className="font-semibold">
                          <bdi>{item.label}</bdi>
                        </h3>
                      </div>
                      <p className="mt-1 text-sm text-muted-foreground">
                        Moved to the trash {formatDateTime(item.trashedAt)} by <bdi>{item.trashedBy}</bdi>
                      </p>
                      <p className="text-sm text-muted-foreground">
                        Deleted for good on {formatDate(item.purgeAt)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={restore.isPending}
                        onClick={() => restore.mutate(item)}
                        aria-label={`Restore ${KINDS[item.entityType].name} "${item.label}"`}
                      >
                        <RotateCcw aria-hidden="true" />
                        Restore
                      </Button>
                      {isAdmin && (
                        <ConfirmDelete
                          what={KINDS[item.entityType].noun}
                          name={item.label}
                          verb="Delete for good"
                          withText
                          disabled={purge.isPending}
                          onConfirm={() => purge.mutate(item)}
                        />
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

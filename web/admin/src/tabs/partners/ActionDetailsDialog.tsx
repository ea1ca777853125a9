import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updatePartnerAction, type PartnerAction, type UpdatePartnerAction } from '@12yards/api';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Textarea,
  cn,
} from '@12yards/ui';
import type { z } from 'zod';
import { useAdminMutation } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { historyKey } from '../../lib/history';
import { Field } from '../../components/Field';
import { HistorySection } from '../../components/HistorySection';

/** Overdue: the due date is past and the action is open (the server says so too, as isOverdue). */
export function isOverdue(a: PartnerAction, now = new Date()): boolean {
  if (a.isCompleted || !a.dueDate) return false;
  if (a.isOverdue) return true;
  const due = new Date(a.dueDate);
  // A bare date is due until the end of that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(a.dueDate)) due.setHours(23, 59, 59, 999);
  return due.getTime() < now.getTime();
}

export function ActionDetailsDialog({
  action,
  onClose,
}: {
  action: PartnerAction | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={action !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent aria-describedby={undefined}>
        {action && <ActionDetails action={action} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type ActionUpdate = z.output<typeof updatePartnerAction>;

/** Save Notes and Mark Complete send the notes checked by the shared updatePartnerAction schema. */
function ActionDetails({ action: a, onDone }: { action: PartnerAction; onDone: () => void }) {
  const { register, handleSubmit, reset, formState } = useForm<UpdatePartnerAction, unknown, ActionUpdate>({
    resolver: zodResolver(updatePartnerAction),
    defaultValues: { notes: a.notes ?? '' },
  });
  const { errors } = formState;
  useEffect(() => reset({ notes: a.notes ?? '' }), [a.id, a.notes, reset]);
  const overdue = isOverdue(a);
  const update = useAdminMutation<ActionUpdate>({
    mutationFn: (write, body) =>
      write('PUT', `/api/admin/partners/${a.partnerId}/actions/${a.id}`, body, { version: a.version }),
    invalidate: [
      ['/api/admin/partners', a.partnerId, 'actions'],
      ['/api/admin/partner-action-counts'],
      historyKey('partner-action', a.id),
    ],
    success: 'Action updated successfully',
    failure: 'Failed to update partner action',
    onSuccess: (_r, body) => {
      if (body.isCompleted) onDone();
    },
  });
  const save = (complete: boolean) =>
    handleSubmit(({ notes }) => update.mutate(complete ? { notes, isCompleted: true } : { notes }));

  return (
    <>
      <DialogHeader>
        <DialogTitle>Action Details</DialogTitle>
      </DialogHeader>
      <div
        className={cn(
          'grid gap-3 rounded-lg border p-3',
          overdue ? 'border-destructive bg-red-50' : 'border-border',
        )}
      >
        <p className="whitespace-pre-wrap" dir="auto">
          {a.actionText}
        </p>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Due Date</dt>
            <dd className={overdue ? 'font-semibold text-destructive' : undefined}>
              {a.dueDate ? formatDate(a.dueDate) : 'No due date'}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Status</dt>
            <dd className="flex flex-wrap gap-1.5">
              {a.isCompleted ? (
                <Badge variant="success">Completed</Badge>
              ) : (
                <Badge variant="warning">Pending</Badge>
              )}
              {overdue && <Badge variant="destructive">Overdue</Badge>}
            </dd>
          </div>
          {a.completedAt && (
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Completed</dt>
              <dd>{formatDate(a.completedAt)}</dd>
            </div>
          )}
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Created</dt>
            <dd>{formatDate(a.createdAt)}</dd>
          </div>
        </dl>
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        <Textarea rows={4} {...register('notes')} />
      </Field>
      <DialogFooter>
        <Button variant="outline" disabled={update.isPending} onClick={save(false)}>
          Save Notes
        </Button>
        {!a.isCompleted && (
          <Button disabled={update.isPending} onClick={save(true)}>
            Mark Complete
          </Button>
        )}
      </DialogFooter>
      <HistorySection entityType="partner-action" id={a.id} />
    </>
  );
}

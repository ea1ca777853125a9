import { useState } from 'react';
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
import { useEditConflict, type ConflictField } from '../../components/EditConflict';
import { Field } from '../../components/Field';
import { HistorySection } from '../../components/HistorySection';
import { ACTION_COUNTS_KEY, actionsKey } from './keys';

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
        {action && <ActionDetails key={action.id} action={action} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type ActionUpdate = z.output<typeof updatePartnerAction>;

const toForm = (a: PartnerAction): UpdatePartnerAction => ({ notes: a.notes ?? '' });
/** The field the admin edits, for a conflict with someone else's save. */
const ACTION_FIELDS: ConflictField<UpdatePartnerAction>[] = [{ name: 'notes', label: 'Notes' }];

/**
 * Save Notes and Mark Complete send the notes checked by the shared updatePartnerAction schema, with the version
 * the form was filled from (a 412 keeps what was typed and shows what changed). The details shown follow the list.
 */
function ActionDetails({ action: a, onDone }: { action: PartnerAction; onDone: () => void }) {
  // The action the form was filled from: as opened, then as each save answered. The list read again after a 412
  // does not replace it, so the conflict panel compares against what the admin started from.
  const [base, setBase] = useState(a);
  const form = useForm<UpdatePartnerAction, unknown, ActionUpdate>({
    resolver: zodResolver(updatePartnerAction),
    defaultValues: toForm(base),
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const overdue = isOverdue(a);
  const conflict = useEditConflict({
    entity: base,
    form,
    toForm,
    fields: ACTION_FIELDS,
    listKey: actionsKey(a.partnerId),
    what: 'action',
  });
  const update = useAdminMutation<ActionUpdate, PartnerAction | undefined>({
    mutationFn: (write, body) =>
      write('PUT', `/api/admin/partners/${a.partnerId}/actions/${a.id}`, body, { version: conflict.version }),
    invalidate: [actionsKey(a.partnerId), ACTION_COUNTS_KEY, historyKey('partner-action', a.id)],
    success: 'Action updated successfully',
    failure: 'Failed to update partner action',
    onSuccess: (saved, body) => {
      if (body.isCompleted) onDone();
      else if (saved) setBase(saved);
    },
    onStale: conflict.onStale,
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
      {conflict.panel}
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

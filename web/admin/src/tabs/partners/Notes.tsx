import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPartnerAction, type NewPartnerAction, type PartnerAction } from '@12yards/api';
import { Badge, Button, Input, Textarea, cn } from '@12yards/ui';
import type { z } from 'zod';
import { useAdminMutation } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Field } from '../../components/Field';
import { QueryList } from '../../kit/QueryStates';
import { ActionDetailsDialog, isOverdue } from './ActionDetailsDialog';
import { ACTION_COUNTS_KEY, actionsKey } from './keys';

/** A partner's notes (action items): each opens its details; Add Note writes a new one. */
export function Notes({ partnerId }: { partnerId: string }) {
  const actions = useQuery<PartnerAction[]>({ queryKey: actionsKey(partnerId) });
  const [selected, setSelected] = useState<string | null>(null);
  const selectedAction = actions.data?.find((a) => a.id === selected) ?? null;
  return (
    <section aria-label="Notes" className="grid gap-3">
      <h3 className="font-semibold">Notes</h3>
      <QueryList
        query={actions}
        items={actions.data}
        className="grid gap-2"
        texts={{ loading: 'Loading notes...', errorWhat: 'notes', empty: 'No notes yet.' }}
      >
        {(a) => {
          const overdue = isOverdue(a);
          return (
            <button
              type="button"
              onClick={() => setSelected(a.id)}
              className={cn(
                'flex w-full cursor-pointer flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-left hover:bg-muted',
                overdue ? 'border-destructive bg-red-50' : 'border-border',
              )}
            >
              <span
                className={cn(
                  'min-w-0 flex-1 text-sm',
                  a.isCompleted && 'text-muted-foreground line-through',
                )}
              >
                <bdi>{a.actionText}</bdi>
              </span>
              <span className="flex items-center gap-2 text-xs">
                {a.dueDate && (
                  <span className={overdue ? 'font-semibold text-destructive' : 'text-muted-foreground'}>
                    Due {formatDate(a.dueDate)}
                  </span>
                )}
                {overdue && <Badge variant="destructive">Overdue</Badge>}
                {a.isCompleted ? (
                  <Badge variant="success">Completed</Badge>
                ) : (
                  <Badge variant="warning">Pending</Badge>
                )}
              </span>
            </button>
          );
        }}
      </QueryList>
      <AddNote partnerId={partnerId} />
      <ActionDetailsDialog action={selectedAction} onClose={() => setSelected(null)} />
    </section>
  );
}

type NewNoteFields = z.output<typeof newPartnerAction>;
const emptyNote: NewPartnerAction = { actionText: '', dueDate: '' };

/**
 * SPEC section 5: the text is trimmed and required (Save disabled while empty); the due date is sent only when
 * filled. Checked with the shared newPartnerAction schema, whose messages show by the fields.
 */
export function AddNote({ partnerId }: { partnerId: string }) {
  const [open, setOpen] = useState(false);
  const { register, control, handleSubmit, reset, formState } = useForm<
    NewPartnerAction,
    unknown,
    NewNoteFields
  >({
    resolver: zodResolver(newPartnerAction),
    defaultValues: emptyNote,
  });
  const { errors } = formState;
  const text = useWatch({ control, name: 'actionText' });
  const close = () => {
    reset(emptyNote);
    setOpen(false);
  };
  const create = useAdminMutation<{ actionText: string; dueDate?: string }>({
    mutationFn: (write, body) => write('POST', `/api/admin/partners/${partnerId}/actions`, body),
    invalidate: [actionsKey(partnerId), ACTION_COUNTS_KEY],
    success: 'Note added successfully',
    failure: 'Failed to create partner action',
    onSuccess: close,
  });
  if (!open) {
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Add Note
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-border p-3"
      onSubmit={handleSubmit(({ actionText, dueDate }) =>
        create.mutate(dueDate ? { actionText, dueDate } : { actionText }),
      )}
    >
      <Field label="Note" error={errors.actionText?.message}>
        <Textarea rows={2} className="min-h-16" {...register('actionText')} />
      </Field>
      <Field label="Due Date (optional)" error={errors.dueDate?.message} className="sm:max-w-xs">
        <Input type="date" {...register('dueDate')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!text.trim() || create.isPending}>
          {create.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

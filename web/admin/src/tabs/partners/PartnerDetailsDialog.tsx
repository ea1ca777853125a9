import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import {
  membershipTypeLabels,
  newPartnerAction,
  type NewPartnerAction,
  type Partner,
  type PartnerAction,
  type PartnerStatus,
} from '@12yards/api';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  cn,
} from '@12yards/ui';
import type { z } from 'zod';
import { useAdminMutation } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { historyKey } from '../../lib/history';
import { Field } from '../../components/Field';
import { Loading } from '../../components/QueryState';
import { HistorySection } from '../../components/HistorySection';
import { TypeBadge } from './badges';
import { ActionDetailsDialog, isOverdue } from './ActionDetailsDialog';

/** The statuses an admin sets by hand (SPEC section 4); Partner comes with a contract. */
export const SETTABLE_STATUSES: PartnerStatus[] = ['Pending', 'In Progress', 'Partner'];

export const actionsKey = (partnerId: string) => ['/api/admin/partners', partnerId, 'actions'];

function Detail({ label, value }: { label: string; value?: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm" dir="auto">
        {value || '-'}
      </dd>
    </div>
  );
}

export function PartnerDetailsDialog({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  return (
    <Dialog open={partner !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl" aria-describedby={undefined}>
        {partner && <PartnerDetails partner={partner} />}
      </DialogContent>
    </Dialog>
  );
}

function PartnerDetails({ partner: p }: { partner: Partner }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <bdi>{p.name}</bdi>
        </DialogTitle>
      </DialogHeader>
      <section aria-label="Basic information" className="grid gap-3">
        <h3 className="font-semibold">Basic Information</h3>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Detail label="Email" value={p.email} />
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Type</dt>
            <dd className="mt-0.5">
              <TypeBadge type={p.type} />
            </dd>
          </div>
          <Detail label="Applied" value={formatDate(p.createdAt)} />
        </dl>
        <StatusControl partner={p} />
      </section>
      {p.type === 'influencer' ? (
        <section aria-label="Influencer details" className="grid gap-3">
          <h3 className="font-semibold">Influencer Details</h3>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Detail label="Known As" value={p.knownAs} />
            <Detail label="Twitter" value={p.twitterAccount} />
            <Detail label="Instagram" value={p.instagramAccount} />
            <Detail label="TikTok" value={p.tiktokAccount} />
            <Detail label="Facebook" value={p.facebookAccount} />
            <Detail label="Total Followers" value={p.totalFollowers} />
          </dl>
          <dl>
            <Detail label="Additional Info" value={p.message} />
          </dl>
        </section>
      ) : (
        <section aria-label="Club details" className="grid gap-3">
          <h3 className="font-semibold">Club Details</h3>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Detail label="Organization" value={p.organization} />
            <Detail label="Position" value={p.position} />
            <Detail label="Web Address" value={p.webAddress} />
            <Detail label="Target Members" value={p.targetMembers} />
            <Detail
              label="Membership Type"
              value={p.membershipType ? membershipTypeLabels[p.membershipType] : null}
            />
          </dl>
          <dl>
            <Detail label="Message" value={p.message} />
          </dl>
        </section>
      )}
      <Notes partnerId={p.id} />
      <HistorySection entityType="partner" id={p.id} name={p.name} />
    </>
  );
}

function StatusControl({ partner: p }: { partner: Partner }) {
  const id = useId();
  const change = useAdminMutation<PartnerStatus>({
    mutationFn: (write, status) =>
      write('PUT', `/api/admin/partners/${p.id}/status`, { status }, { version: p.version }),
    invalidate: [['/api/partners'], historyKey('partner', p.id)],
    success: 'Partner status updated successfully',
    failure: 'Failed to update partner status',
  });
  const options = SETTABLE_STATUSES.includes(p.status) ? SETTABLE_STATUSES : [...SETTABLE_STATUSES, p.status];
  return (
    <div className="grid gap-1.5 sm:max-w-xs">
      <Label htmlFor={id}>Status</Label>
      <Select
        value={p.status}
        onValueChange={(v) => change.mutate(v as PartnerStatus)}
        disabled={p.statusLocked || change.isPending}
      >
        <SelectTrigger id={id} aria-describedby={p.statusLocked ? `${id}-locked` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((s) => (
            <SelectItem key={s} value={s}>
              {s}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {p.statusLocked && (
        <p id={`${id}-locked`} className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          This partner has active contracts, so the status is set to Partner automatically and cannot be
          changed by hand.
        </p>
      )}
    </div>
  );
}

function Notes({ partnerId }: { partnerId: string }) {
  const actions = useQuery<PartnerAction[]>({ queryKey: actionsKey(partnerId) });
  const [selected, setSelected] = useState<string | null>(null);
  const selectedAction = actions.data?.find((a) => a.id === selected) ?? null;
  return (
    <section aria-label="Notes" className="grid gap-3">
      <h3 className="font-semibold">Notes</h3>
      {actions.isPending ? (
        <Loading text="Loading notes..." />
      ) : actions.isError ? (
        <p className="text-sm text-destructive">Failed to load notes</p>
      ) : actions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="grid gap-2">
          {actions.data.map((a) => {
            const overdue = isOverdue(a);
            return (
              <li key={a.id}>
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
              </li>
            );
          })}
        </ul>
      )}
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
    invalidate: [actionsKey(partnerId), ['/api/admin/partner-action-counts']],
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

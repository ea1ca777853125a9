import { useId } from 'react';
import { Lock } from 'lucide-react';
import type { Partner, PartnerStatus } from '@12yards/api';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@12yards/ui';
import { useAdminMutation } from '../../lib/api';
import { historyKey } from '../../lib/history';

/** The statuses an admin sets by hand (SPEC section 4); Partner comes with a contract. */
export const SETTABLE_STATUSES: PartnerStatus[] = ['Pending', 'In Progress', 'Partner'];

/** The partner's status, set by hand unless an active contract locks it. */
export function StatusControl({ partner: p }: { partner: Partner }) {
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

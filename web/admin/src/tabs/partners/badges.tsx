import { Badge } from '@12yards/ui';
import type { PartnerStatus, PartnerType } from '@12yards/api';

export function TypeBadge({ type }: { type: PartnerType }) {
  return <Badge variant="secondary">{type === 'club' ? 'Football Club' : 'Influencer'}</Badge>;
}

const statusVariant: Record<PartnerStatus, 'warning' | 'default' | 'success' | 'destructive' | 'outline'> = {
  Pending: 'warning',
  'In Progress': 'outline',
  Partner: 'success',
  Approved: 'success',
  Rejected: 'destructive',
};

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  return <Badge variant={statusVariant[status] ?? 'outline'}>{status}</Badge>;
}

/** Active until the expiry sweep ends the contract (endedAt set); text, so it reads without colour. */
export function ContractStatusBadge({ endedAt }: { endedAt: string | null | undefined }) {
  return endedAt ? <Badge variant="secondary">Ended</Badge> : <Badge variant="success">Active</Badge>;
}

import { Badge } from '@12yards/ui';
import type { PartnerStatus, PartnerType } from '@12yards/api';
import { formatDate } from '../../lib/format';

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

/** Today as the admin's calendar reads it (YYYY-MM-DD), to compare with a contract's dates. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Starts <date>" before the start date, then Active until the expiry sweep ends the contract (endedAt set), then
 * Ended; text, so it reads without colour.
 */
export function ContractStatusBadge({
  endedAt,
  startDate,
  today = localToday(),
}: {
  endedAt: string | null | undefined;
  startDate: string;
  today?: string;
}) {
  if (endedAt) return <Badge variant="secondary">Ended</Badge>;
  if (startDate > today) return <Badge variant="outline">Starts {formatDate(startDate)}</Badge>;
  return <Badge variant="success">Active</Badge>;
}

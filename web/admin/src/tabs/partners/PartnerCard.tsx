import { Eye, FileText } from 'lucide-react';
import type { Partner } from '@12yards/api';
import { Badge, Button, Card, CardContent, cn } from '@12yards/ui';
import { CardHeading } from '../../kit/ResourceCard';
import { PartnerStatusBadge, TypeBadge } from './badges';
import { influencerDetails, messageLabel } from './details';

/** One application: name, email, status, type, open and overdue actions, its details, View and Contracts. */
export function PartnerCard({
  partner: p,
  open,
  overdue,
  onView,
  onContracts,
}: {
  partner: Partner;
  open: number;
  overdue: number;
  onView: () => void;
  onContracts: () => void;
}) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3 p-4">
        <CardHeading
          truncate
          title={<bdi>{p.name}</bdi>}
          subtitle={<bdi>{p.email}</bdi>}
          badge={<PartnerStatusBadge status={p.status} />}
        />
        <div className="flex flex-wrap gap-2">
          <TypeBadge type={p.type} />
          {open > 0 && <Badge variant="destructive">{open} Open Actions</Badge>}
          {overdue > 0 && <Badge variant="warning">{overdue} Overdue</Badge>}
        </div>
        <CardDetails partner={p} />
        <div className="mt-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={onView} aria-label={`View ${p.name}`}>
            <Eye aria-hidden="true" />
            View
          </Button>
          <Button variant="outline" size="sm" onClick={onContracts} aria-label={`Contracts of ${p.name}`}>
            <FileText aria-hidden="true" />
            Contracts
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** SPEC section 2: what a card shows of each type; the message is the influencer's additional info. */
function cardDetails(p: Partner): [label: string, value: string | null | undefined][] {
  return p.type === 'influencer'
    ? [...influencerDetails(p), [messageLabel(p), p.message]]
    : [
        ['Organization', p.organization],
        [messageLabel(p), p.message],
      ];
}

const LONG_TEXT = new Set(['Additional Info', 'Message']);

/** The card's filled details as a compact list; the long texts span the card, clamped to three lines. */
function CardDetails({ partner }: { partner: Partner }) {
  const filled = cardDetails(partner).filter(([, value]) => value?.trim());
  if (filled.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {filled.map(([label, value]) => {
        const long = LONG_TEXT.has(label);
        return (
          <div key={label} className={long ? 'col-span-2 min-w-0' : 'min-w-0'}>
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className={cn('break-words', long && 'line-clamp-3 whitespace-pre-line')} dir="auto">
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

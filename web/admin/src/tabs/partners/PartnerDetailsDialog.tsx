import type { Partner } from '@12yards/api';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@12yards/ui';
import { formatDate } from '../../lib/format';
import { HistorySection } from '../../components/HistorySection';
import { Detail, Details } from '../../kit/Details';
import { TypeBadge } from './badges';
import { clubDetails, influencerDetails, messageLabel } from './details';
import { Notes } from './Notes';
import { StatusControl } from './StatusControl';

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
  const kind = p.type === 'influencer' ? 'Influencer' : 'Club';
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
          <Detail label="Type">
            <TypeBadge type={p.type} />
          </Detail>
          <Detail label="Applied" value={formatDate(p.createdAt)} />
        </dl>
        <StatusControl partner={p} />
      </section>
      <section aria-label={`${kind} details`} className="grid gap-3">
        <h3 className="font-semibold">{kind} Details</h3>
        <Details
          className="sm:grid-cols-3"
          items={p.type === 'influencer' ? influencerDetails(p) : clubDetails(p)}
        />
        <Details items={[[messageLabel(p), p.message]]} />
      </section>
      <Notes partnerId={p.id} />
      <HistorySection entityType="partner" id={p.id} name={p.name} />
    </>
  );
}

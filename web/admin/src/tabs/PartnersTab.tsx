import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { partnerStatuses, type Partner, type PartnerActionCount } from '@12yards/api';
import { useListFilters } from '../components/ListFilters';
import { usePagedList } from '../lib/pages';
import { ResourceList } from '../kit/ResourceList';
import { PartnerDetailsDialog } from './partners/PartnerDetailsDialog';
import { ContractsDialog } from './partners/ContractsDialog';
import { PartnerCard } from './partners/PartnerCard';
import { AddApplicationDialog } from './partners/AddApplicationDialog';
import { ACTION_COUNTS_KEY, PARTNERS_KEY, TYPE_FILTER } from './partners/keys';

export { ACTION_COUNTS_KEY, AddApplicationDialog, PARTNERS_KEY };

const STATUS_FILTER = partnerStatuses.map((s) => ({ value: s, label: s }));

function noMatch({ q, status, type }: { q?: string; status?: string; type?: string }) {
  if (!q) return 'No applications match these filters.';
  return status || type
    ? `No applications match "${q}" with these filters.`
    : `No applications match "${q}".`;
}

export function PartnersTab() {
  const filters = useListFilters<'status' | 'type' | 'overdue' | 'id'>(PARTNERS_KEY, {
    status: partnerStatuses,
    type: TYPE_FILTER.map((t) => t.value),
    overdue: ['true'],
    id: 'any',
  });
  const partners = usePagedList<Partner>(filters.key);
  const counts = useQuery<PartnerActionCount[]>({ queryKey: ACTION_COUNTS_KEY });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [contractsOf, setContractsOf] = useState<string | null>(null);

  const countsOf = (id: string) => counts.data?.find((c) => c.partnerId === id);
  const byId = (id: string | null) => partners.items.find((p) => p.id === id) ?? null;

  return (
    <ResourceList
      title="Partner Applications"
      description="Clubs and influencers who applied, with notes and contracts."
      add={{ label: 'Add Application', onClick: () => setAdding(true) }}
      server={{
        list: partners,
        filters,
        toolbar: ['Applications', 'Search applications', 'Name, email or club'],
        selects: {
          status: { label: 'Status', all: 'All Statuses', options: STATUS_FILTER },
          type: { label: 'Type', all: 'All Types', options: TYPE_FILTER },
        },
        showingOnly: {
          overdue: 'Showing only partners with overdue action items.',
          id: 'Showing only one partner.',
        },
        noMatch: noMatch(filters.values),
      }}
      texts={{ loading: 'Loading partners...', errorWhat: 'partners', empty: 'No partner applications yet.' }}
      layout="pairs"
      render={(p) => (
        <PartnerCard
          partner={p}
          open={countsOf(p.id)?.openActionsCount ?? 0}
          overdue={countsOf(p.id)?.overdueActionsCount ?? 0}
          onView={() => setViewing(p.id)}
          onContracts={() => setContractsOf(p.id)}
        />
      )}
    >
      <AddApplicationDialog open={adding} onClose={() => setAdding(false)} />
      <PartnerDetailsDialog partner={byId(viewing)} onClose={() => setViewing(null)} />
      <ContractsDialog partner={byId(contractsOf)} onClose={() => setContractsOf(null)} />
    </ResourceList>
  );
}

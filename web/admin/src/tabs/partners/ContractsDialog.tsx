import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Wand2 } from 'lucide-react';
import type { Contract, Partner } from '@12yards/api';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@12yards/ui';
import { useAdminMutation } from '../../lib/api';
import { QueryList } from '../../kit/QueryStates';
import { ContractCard } from './ContractCard';
import { ContractFormDialog } from './ContractFormDialog';
import { fromApplication } from './contract-form';
import { ACTION_COUNTS_KEY, PARTNERS_KEY, contractsKey } from './keys';

/** The partners list and action counts, read again after a delete. */
const PARTNER_KEYS = [PARTNERS_KEY, ACTION_COUNTS_KEY];

export function ContractsDialog({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  return (
    <Dialog open={partner !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-4xl">
        {partner && <ContractManagement partner={partner} />}
      </DialogContent>
    </Dialog>
  );
}

function ContractManagement({ partner }: { partner: Partner }) {
  const contracts = useQuery<Contract[]>({ queryKey: contractsKey(partner.id) });
  const [editing, setEditing] = useState<Contract | 'new' | 'generate' | null>(null);
  // The partners service unlocks the partner's status once no active contract is left: read the partner again.
  const remove = useAdminMutation<Contract>({
    mutationFn: (write, c) =>
      write('DELETE', `/api/admin/contracts/${c.id}`, undefined, { version: c.version }),
    invalidate: [contractsKey(partner.id), ...PARTNER_KEYS],
    success: 'Contract deleted successfully',
    failure: 'Failed to delete contract',
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Contract Management</DialogTitle>
        <DialogDescription>
          Contracts of <bdi>{partner.name}</bdi>.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Contract
        </Button>
        <Button variant="outline" onClick={() => setEditing('generate')}>
          <Wand2 aria-hidden="true" />
          Generate from Template
        </Button>
      </div>
      <QueryList
        query={contracts}
        items={contracts.data}
        className="grid gap-3"
        texts={{ loading: 'Loading contracts...', errorWhat: 'contracts', empty: 'No contracts yet.' }}
      >
        {(c) => (
          <ContractCard
            contract={c}
            onEdit={() => setEditing(c)}
            onDelete={() => remove.mutate(c)}
            deleting={remove.isPending}
          />
        )}
      </QueryList>
      <ContractFormDialog
        partnerId={partner.id}
        contract={editing}
        prefill={fromApplication(partner)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

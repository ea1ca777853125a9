import { defineProjection } from '@12yards/platform';
import { spanLedger } from '@12yards/workbench';
import type { ContractEvent } from '../contract/events';

/**
 * The contracts service's dashboard read model: each contract's active spans (from its creation or reactivation to
 * its end or deletion), with its end date as it stood in each, so the renewals to chase can be counted at any moment.
 */
export const activeContracts = spanLedger<{ endDate: string; partnerId: string }>('contract_insight_active', [
  'endDate',
]);

export const contractInsightsProjection = defineProjection<ContractEvent>({
  collections: activeContracts.collections,
  async apply(event, models) {
    const { contractId } = event.data;
    switch (event.type) {
      case 'ContractCreated':
      case 'ContractReactivated': {
        const at = event.type === 'ContractCreated' ? event.data.createdAt : event.data.reactivatedAt;
        const { endDate, partnerId } = event.data;
        return activeContracts.set(models, event, contractId, { endDate, partnerId }, at);
      }
      case 'ContractUpdated': {
        const active = await activeContracts.current(models, contractId);
        if (active && active.endDate !== event.data.endDate)
          await activeContracts.set(
            models,
            event,
            contractId,
            { endDate: event.data.endDate, partnerId: event.data.partnerId },
            event.data.updatedAt,
          );
        return;
      }
      case 'ContractEnded':
        return activeContracts.set(models, event, contractId, null, event.data.endedAt);
      case 'ContractDeleted':
        return activeContracts.set(models, event, contractId, null, event.data.deletedAt);
      default:
        return;
    }
  },
});

import {
  integrationEvent,
  type IntegrationEvent,
  type UnversionedIntegrationEvent,
} from '@12yards/api/src/events';
import type { StoredEvent } from '@12yards/platform';
import type { ContractEvent } from './contract/events';

function map(event: ContractEvent): UnversionedIntegrationEvent<'contracts'> | null {
  switch (event.type) {
    case 'ContractCreated':
    case 'ContractReactivated':
    case 'ContractEnded':
    case 'ContractDeleted':
      return {
        type: event.type,
        data: { contractId: event.data.contractId, partnerId: event.data.partnerId },
      };
    case 'ContractDocumentGenerated': // for the admins' live updates
      return {
        type: event.type,
        data: {
          contractId: event.data.contractId,
          partnerId: event.data.partnerId,
          fileName: event.data.fileName,
        },
      };
    case 'ContractUpdated': // terms only: no one outside reads them
    default: // and the events of the service's other aggregates
      return null;
  }
}

/**
 * The integration events of the contracts topic: a contract's life as its partner sees it. Templates and the
 * partner view stay internal. Checked against the published schema before they leave.
 */
export function contractsIntegrationEvents(event: StoredEvent): IntegrationEvent<'contracts'> | null {
  const mapped = map(event as StoredEvent & ContractEvent);
  return mapped && integrationEvent('contracts', mapped);
}

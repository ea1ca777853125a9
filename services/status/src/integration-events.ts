import {
  integrationEvent,
  type IntegrationEvent,
  type UnversionedIntegrationEvent,
} from '@12yards/api/src/events';
import type { StoredEvent } from '@12yards/platform';
import type { ServiceStatusEvent } from './service-status/events';

function map(event: ServiceStatusEvent): UnversionedIntegrationEvent<'status'> | null {
  switch (event.type) {
    case 'ServiceRegistered':
    case 'ServiceStatusChanged':
      return {
        type: 'ServiceStatusChanged',
        data: { serviceId: event.data.id, status: event.data.status },
      };
    default:
      return null;
  }
}

/** The integration events of the status topic (the gateway re-renders the status page on them). */
export function statusIntegrationEvents(event: StoredEvent): IntegrationEvent<'status'> | null {
  const mapped = map(event as StoredEvent & ServiceStatusEvent);
  return mapped && integrationEvent('status', mapped);
}

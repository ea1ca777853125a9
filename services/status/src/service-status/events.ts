import type { ServiceState } from '@12yards/api';

export type ServiceRegistered = {
  type: 'ServiceRegistered';
  data: { id: string; serviceName: string; status: ServiceState; description: string | null; at: string };
};
export type ServiceStatusChanged = {
  type: 'ServiceStatusChanged';
  data: { id: string; status: ServiceState; previousStatus: ServiceState; at: string };
};
export type ServiceStatusEvent = ServiceRegistered | ServiceStatusChanged;

export const streamId = (id: string) => `service-status-${id}`;

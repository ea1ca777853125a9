import { streamId, type ServiceStatusEvent } from './service-status/events';
import { defineEntityHistory, labelText, type ServiceHistory } from '@12yards/workbench';

/** The status service's entity whose history admins read (GET /api/admin/history, /internal/activity). */
export const statusHistory: ServiceHistory = {
  service: 'status',
  entities: [
    defineEntityHistory<ServiceStatusEvent>({
      entityType: 'service-status',
      streamPrefix: streamId(''),
      omit: ['previousStatus'],
      label: (f) => labelText(f.serviceName),
      // The words of the status badges.
      values: { status: { operational: 'Fully Operational', issue: 'Issue under investigation' } },
    }),
  ],
};

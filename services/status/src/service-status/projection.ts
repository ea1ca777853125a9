import type { ServiceStatus } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import type { ServiceStatusEvent } from './events';

export const SERVICE_STATUS = 'service_status';
export type ServiceStatusRow = ServiceStatus & { order: number; version: number };

export const statusRows = (models: ReadModels) => models.collection<ServiceStatusRow>(SERVICE_STATUS);

export const serviceStatusProjection = defineRowProjection<ServiceStatusEvent, ServiceStatusRow>({
  collection: SERVICE_STATUS,
  rows: statusRows,
  create: {
    ServiceRegistered: (e) => ({
      id: e.data.id,
      serviceName: e.data.serviceName,
      status: e.data.status,
      description: e.data.description,
      lastUpdated: e.data.at,
      createdAt: e.data.at,
      order: e.position,
    }),
  },
  update: {
    ServiceStatusChanged: (row, e) => ({ ...row, status: e.data.status, lastUpdated: e.data.at }),
  },
});

import type { ServiceStatus } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
import type { ServiceStatusEvent } from './events';

export const SERVICE_STATUS = 'service_status';
export type ServiceStatusRow = ServiceStatus & { order: number; version: number };

export const statusRows = (models: ReadModels) => models.collection<ServiceStatusRow>(SERVICE_STATUS);

export const serviceStatusProjection = defineProjection<ServiceStatusEvent>({
  collections: [SERVICE_STATUS],
  async apply(event, models) {
    const rows = statusRows(models);
    switch (event.type) {
      case 'ServiceRegistered': {
        const d = event.data;
        // The revision guard: a replayed registration must not reset a status that later events already changed.
        const existing = await rows.get(d.id);
        if (existing && existing.version >= event.version) return;
        await rows.put({
          id: d.id,
          serviceName: d.serviceName,
          status: d.status,
          description: d.description,
          lastUpdated: d.at,
          createdAt: d.at,
          order: event.position,
          version: event.version,
        });
        return;
      }
      case 'ServiceStatusChanged': {
        const row = await rows.get(event.data.id);
        // The revision guard makes a replayed event a no-op.
        if (!row || row.version >= event.version) return;
        await rows.put({
          ...row,
          status: event.data.status,
          lastUpdated: event.data.at,
          version: event.version,
        });
        return;
      }
    }
  },
});

import type { ServiceStatus } from '@12yards/api';
import type { Projection, ReadModels, StoredEvent } from '@12yards/platform';
import type { ServiceStatusEvent } from './events';

export const SERVICE_STATUS = 'service_status';
export type ServiceStatusRow = ServiceStatus & { order: number; version: number };

export const statusRows = (models: ReadModels) => models.collection<ServiceStatusRow>(SERVICE_STATUS);

export const serviceStatusProjection: Projection = {
  collections: [SERVICE_STATUS],
  async apply(stored: StoredEvent, models: ReadModels) {
    const event = stored as unknown as StoredEvent & ServiceStatusEvent;
    const rows = statusRows(models);
    switch (event.type) {
      case 'ServiceRegistered': {
        const d = event.data;
        // The revision guard: a replayed registration must not reset a status that later events already changed.
        const existing = await rows.get(d.id);
        if (existing && existing.version >= stored.version) return;
        await rows.put({
          id: d.id,
          serviceName: d.serviceName,
          status: d.status,
          description: d.description,
          lastUpdated: d.at,
          createdAt: d.at,
          order: stored.position,
          version: stored.version,
        });
        return;
      }
      case 'ServiceStatusChanged': {
        const row = await rows.get(event.data.id);
        // The revision guard makes a replayed event a no-op.
        if (!row || row.version >= stored.version) return;
        await rows.put({
          ...row,
          status: event.data.status,
          lastUpdated: event.data.at,
          version: stored.version,
        });
        return;
      }
    }
  },
};

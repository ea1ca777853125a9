import type { Contract } from '@12yards/api';
import type { Projection, ReadModels, StoredEvent } from '@12yards/platform';
import type { ContractEvent } from './events';
import { termsOf } from './evolve';

export const CONTRACTS = 'contracts';
export type ContractRow = Contract & { version: number };

export const contractRows = (models: ReadModels) => models.collection<ContractRow>(CONTRACTS);

export const contractProjection: Projection = {
  collections: [CONTRACTS],
  async apply(stored: StoredEvent, models: ReadModels) {
    const event = stored as unknown as StoredEvent & ContractEvent;
    const rows = contractRows(models);
    switch (event.type) {
      case 'ContractCreated': {
        const d = event.data;
        if (await rows.get(d.contractId)) return;
        await rows.put({
          id: d.contractId,
          partnerId: d.partnerId,
          ...termsOf(d),
          templateId: d.templateId,
          createdAt: d.createdAt,
          version: stored.version,
        });
        return;
      }
      case 'ContractUpdated': {
        const row = await rows.get(event.data.contractId);
        if (!row || row.version >= stored.version) return; // the revision guard makes a replay a no-op
        await rows.put({
          ...row,
          ...termsOf(event.data),
          updatedAt: event.data.updatedAt,
          version: stored.version,
        });
        return;
      }
    }
  },
};

export const contractView = ({ version: _version, ...row }: ContractRow): Contract => row;

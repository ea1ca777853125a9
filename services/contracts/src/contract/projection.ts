import type { Contract } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
import type { ContractEvent } from './events';
import { termsOf } from './evolve';

export const CONTRACTS = 'contracts';
/**
 * `ended`: the end date passed (ContractEnded) and the contract was not reactivated since; `endedAt` is that event's
 * time, kept only while `ended` (the API answers it as `endedAt`, null while active).
 */
export type ContractRow = Omit<Contract, 'endedAt'> & { version: number; ended: boolean; endedAt?: string };

export const contractRows = (models: ReadModels) =>
  models.collection<ContractRow>(CONTRACTS, { indexes: [['partnerId', 'createdAt']] });

export const contractProjection = defineProjection<ContractEvent>({
  collections: [CONTRACTS],
  async apply(event, models) {
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
          ended: false,
          version: event.version,
        });
        return;
      }
      case 'ContractUpdated': {
        const row = await rows.get(event.data.contractId);
        if (!row || row.version >= event.version) return; // the revision guard makes a replay a no-op
        await rows.put({
          ...row,
          ...termsOf(event.data),
          updatedAt: event.data.updatedAt,
          version: event.version,
        });
        return;
      }
      case 'ContractEnded': {
        const row = await rows.get(event.data.contractId);
        if (!row || row.version >= event.version) return;
        await rows.put({ ...row, ended: true, endedAt: event.data.endedAt, version: event.version });
        return;
      }
      case 'ContractReactivated': {
        const row = await rows.get(event.data.contractId);
        if (!row || row.version >= event.version) return;
        const { endedAt: _endedAt, ...active } = row;
        await rows.put({ ...active, ended: false, version: event.version });
        return;
      }
      case 'ContractDeleted':
        await rows.delete(event.data.contractId);
        return;
    }
  },
});

/** The API shape (packages/api `contract`): `endedAt` is the ContractEnded time while ended, else null. */
export const contractView = ({ version: _version, ended, endedAt, ...row }: ContractRow): Contract => ({
  ...row,
  endedAt: ended ? (endedAt ?? null) : null,
});

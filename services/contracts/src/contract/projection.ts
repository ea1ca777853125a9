import type { Contract } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
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

export const contractProjection = defineRowProjection<ContractEvent, ContractRow>({
  collection: CONTRACTS,
  rows: contractRows,
  idOf: (e) => e.data.contractId,
  create: {
    ContractCreated: ({ data }) => ({
      id: data.contractId,
      partnerId: data.partnerId,
      ...termsOf(data),
      templateId: data.templateId,
      createdAt: data.createdAt,
      ended: false,
    }),
  },
  update: {
    ContractUpdated: (row, { data }) => ({ ...row, ...termsOf(data), updatedAt: data.updatedAt }),
    ContractEnded: (row, { data }) => ({ ...row, ended: true, endedAt: data.endedAt }),
    ContractReactivated: ({ endedAt: _endedAt, ...active }) => ({ ...active, ended: false }),
    // Changes no field, but the row's version (the ETag an edit sends back as If-Match) follows the stream.
    ContractDocumentGenerated: ({ version: _version, ...row }) => row,
  },
  remove: ['ContractDeleted'],
});

/** The API shape (packages/api `contract`): `endedAt` is the ContractEnded time while ended, else null. */
export const contractView = ({ version: _version, ended, endedAt, ...row }: ContractRow): Contract => ({
  ...row,
  endedAt: ended ? (endedAt ?? null) : null,
});

import type { ContractFields } from '@12yards/api';

/** The contract's fields other than its partner. */
export type ContractTerms = Omit<ContractFields, 'partnerId'>;

export type ContractCreated = {
  type: 'ContractCreated';
  /** The partners service promotes the partner on this event (data.partnerId). */
  data: ContractTerms & {
    contractId: string;
    partnerId: string;
    templateId: string | null;
    createdAt: string;
  };
};
export type ContractUpdated = {
  type: 'ContractUpdated';
  data: ContractTerms & { contractId: string; partnerId: string; updatedAt: string };
};
export type ContractEvent = ContractCreated | ContractUpdated;

export const streamId = (id: string) => `contract-${id}`;

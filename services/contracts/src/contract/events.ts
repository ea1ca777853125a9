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
/**
 * The contract's end date has passed (the expiry sweep decided it). The partners service releases the partner's lock
 * for this contract (data.partnerId); at most once per contract until it is reactivated.
 */
export type ContractEnded = {
  type: 'ContractEnded';
  data: { contractId: string; partnerId: string; endDate: string; endedAt: string };
};
/**
 * An ended contract's end date was moved back to today or later (PUT): it is active again. The partners service
 * treats it like a ContractCreated (promotes and locks the partner again).
 */
export type ContractReactivated = {
  type: 'ContractReactivated';
  data: { contractId: string; partnerId: string; endDate: string; reactivatedAt: string };
};
/** The admin deleted the contract. The partners service releases the lock for it, if the contract was still active. */
export type ContractDeleted = {
  type: 'ContractDeleted';
  data: { contractId: string; partnerId: string; wasActive: boolean; deletedAt: string };
};
/**
 * A document of the contract was generated (a document job completed). It changes no term: the History and the
 * admins' live updates show it. `jobId` is the job's: one event per job, however often the job is run.
 */
export type ContractDocumentGenerated = {
  type: 'ContractDocumentGenerated';
  data: {
    contractId: string;
    partnerId: string;
    fileName: string;
    templateId: string | null;
    jobId: string;
    generatedAt: string;
  };
};
export type ContractEvent =
  | ContractCreated
  | ContractUpdated
  | ContractEnded
  | ContractReactivated
  | ContractDeleted
  | ContractDocumentGenerated;

export const streamId = (id: string) => `contract-${id}`;

import { contractFieldNames, type ContractFields } from '@12yards/api';
import { Conflict, Invalid, NotFound, type Decider } from '@12yards/platform';
import { isoDay } from '../options';
import type { ContractEvent, ContractTerms } from './events';
import { evolve, initialState, type ContractState } from './evolve';

export type ContractCommand =
  | {
      type: 'CreateContract';
      id: string;
      fields: ContractFields;
      /** Whether the partner is in this service's partner view (the route looks it up). */
      partnerKnown: boolean;
      templateId?: string | null;
      at: Date;
    }
  | {
      type: 'UpdateContract';
      id: string;
      fields: Omit<ContractFields, 'partnerId'> & { partnerId?: string };
      at: Date;
    }
  /** The expiry sweep: ends the contract when its end date is before `at`'s day (UTC). */
  | { type: 'EndContract'; id: string; at: Date }
  | { type: 'DeleteContract'; id: string; at: Date }
  /** A document job completed: the document is recorded on the contract's stream. */
  | {
      type: 'RecordDocumentGenerated';
      id: string;
      fileName: string;
      templateId: string | null;
      jobId: string;
      at: Date;
    };

const pickTerms = (fields: ContractTerms): ContractTerms =>
  Object.fromEntries(contractFieldNames.map((k) => [k, fields[k]])) as ContractTerms;

export function decide(command: ContractCommand, state: ContractState): ContractEvent[] {
  switch (command.type) {
    case 'CreateContract': {
      if (!command.partnerKnown) throw new NotFound(`No partner with id ${command.fields.partnerId}`);
      if (state.exists || state.deleted)
        throw new Conflict(`A contract with id ${command.id} already exists`);
      return [
        {
          type: 'ContractCreated',
          data: {
            contractId: command.id,
            partnerId: command.fields.partnerId,
            ...pickTerms(command.fields),
            templateId: command.templateId ?? null,
            createdAt: command.at.toISOString(),
          },
        },
      ];
    }
    case 'UpdateContract': {
      if (!state.exists) throw new NotFound(`No contract with id ${command.id}`);
      if (command.fields.partnerId !== undefined && command.fields.partnerId !== state.partnerId) {
        throw new Invalid('A contract cannot be moved to another partner', [
          { path: 'partnerId', message: 'must be the contract’s partner', code: 'custom' },
        ]);
      }
      const terms = pickTerms(command.fields);
      if (contractFieldNames.every((k) => terms[k] === state.terms[k])) return [];
      const events: ContractEvent[] = [
        {
          type: 'ContractUpdated',
          data: {
            contractId: command.id,
            partnerId: state.partnerId,
            ...terms,
            updatedAt: command.at.toISOString(),
          },
        },
      ];
      // Reactivation rule: an ended contract whose end date is moved back to today or later is active again (a
      // renewal), and the partners service promotes and locks the partner again as on a new contract. An edit that
      // leaves the end date in the past only corrects the terms of the ended contract. (The alternative, refusing
      // with 409, would make an admin re-enter a renewed contract as a new one.)
      if (state.ended && terms.endDate >= isoDay(command.at)) {
        events.push({
          type: 'ContractReactivated',
          data: {
            contractId: command.id,
            partnerId: state.partnerId,
            endDate: terms.endDate,
            reactivatedAt: command.at.toISOString(),
          },
        });
      }
      return events;
    }
    case 'EndContract': {
      // Nothing to end: gone, already ended (a second sweep, or another instance's), or no longer due (extended).
      if (!state.exists || state.ended || state.terms.endDate >= isoDay(command.at)) return [];
      return [
        {
          type: 'ContractEnded',
          data: {
            contractId: command.id,
            partnerId: state.partnerId,
            endDate: state.terms.endDate,
            endedAt: command.at.toISOString(),
          },
        },
      ];
    }
    case 'DeleteContract': {
      if (!state.exists) throw new NotFound(`No contract with id ${command.id}`);
      return [
        {
          type: 'ContractDeleted',
          data: {
            contractId: command.id,
            partnerId: state.partnerId,
            wasActive: !state.ended,
            deletedAt: command.at.toISOString(),
          },
        },
      ];
    }
    case 'RecordDocumentGenerated': {
      if (!state.exists) throw new NotFound(`No contract with id ${command.id}`);
      return [
        {
          type: 'ContractDocumentGenerated',
          data: {
            contractId: command.id,
            partnerId: state.partnerId,
            fileName: command.fileName,
            templateId: command.templateId,
            jobId: command.jobId,
            generatedAt: command.at.toISOString(),
          },
        },
      ];
    }
  }
}

export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  initialState,
  decide,
  evolve,
};

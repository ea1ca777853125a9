import { contractFieldNames, type ContractFields } from '@12yards/api';
import { badRequest, conflict, notFound, type Decider } from '@12yards/platform';
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
    };

const pickTerms = (fields: ContractTerms): ContractTerms =>
  Object.fromEntries(contractFieldNames.map((k) => [k, fields[k]])) as ContractTerms;

export function decide(command: ContractCommand, state: ContractState): ContractEvent[] {
  switch (command.type) {
    case 'CreateContract': {
      if (!command.partnerKnown) throw notFound(`No partner with id ${command.fields.partnerId}`);
      if (state.exists) throw conflict(`A contract with id ${command.id} already exists`);
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
      if (!state.exists) throw notFound(`No contract with id ${command.id}`);
      if (command.fields.partnerId !== undefined && command.fields.partnerId !== state.partnerId) {
        throw badRequest('A contract cannot be moved to another partner', [
          { path: 'partnerId', message: 'must be the contract’s partner', code: 'custom' },
        ]);
      }
      const terms = pickTerms(command.fields);
      if (contractFieldNames.every((k) => terms[k] === state.terms[k])) return [];
      return [
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
    }
  }
}

export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  initialState,
  decide,
  evolve,
};

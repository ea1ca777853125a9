import { NotFound, type Decider } from '@12yards/platform';
import { faqFieldKeys, type FaqEvent, type FaqFields } from './events';
import { evolve, initialState, type FaqState } from './evolve';

export type FaqCommand =
  | { type: 'CreateFaq'; id: string; fields: FaqFields; at: Date }
  | { type: 'UpdateFaq'; id: string; fields: FaqFields; at: Date }
  | { type: 'DeleteFaq'; id: string; at: Date };

const missing = (id: string) => new NotFound(`No FAQ with id ${id}`);

export function decide(command: FaqCommand, state: FaqState): FaqEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'CreateFaq':
      if (state.status !== 'none') return []; // the same creation twice changes nothing
      return [{ type: 'FaqCreated', data: { id: command.id, ...command.fields, at } }];
    case 'UpdateFaq':
      if (state.status !== 'live') throw missing(command.id);
      if (faqFieldKeys.every((k) => command.fields[k] === state.fields[k])) return [];
      return [{ type: 'FaqUpdated', data: { id: command.id, ...command.fields, at } }];
    case 'DeleteFaq':
      if (state.status !== 'live') throw missing(command.id);
      return [{ type: 'FaqDeleted', data: { id: command.id, at } }];
  }
}

export const faqDecider: Decider<FaqState, FaqCommand, FaqEvent> = { initialState, decide, evolve };

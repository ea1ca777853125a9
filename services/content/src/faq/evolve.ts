import { pickFields } from '@12yards/platform';
import { faqFieldKeys, type FaqEvent, type FaqFields } from './events';

export type FaqState = { status: 'none' } | { status: 'live'; fields: FaqFields } | { status: 'deleted' };

export const initialState = (): FaqState => ({ status: 'none' });

export const pickFaqFields = (data: FaqFields): FaqFields => pickFields(data, faqFieldKeys);

export function evolve(state: FaqState, event: FaqEvent): FaqState {
  switch (event.type) {
    case 'FaqCreated':
      return { status: 'live', fields: pickFaqFields(event.data) };
    case 'FaqUpdated':
      return state.status === 'live' ? { status: 'live', fields: pickFaqFields(event.data) } : state;
    case 'FaqDeleted':
      return { status: 'deleted' };
  }
}

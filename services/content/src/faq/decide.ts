import { fieldItemDecider, type FieldItemCommand, type FieldItemState } from '../field-item';
import { faqFieldKeys, type FaqEvent, type FaqFields } from './events';

export type FaqCommand = FieldItemCommand<FaqFields, 'CreateFaq', 'UpdateFaq', 'DeleteFaq'>;
export type FaqState = FieldItemState<FaqFields>;

export const faqDecider = fieldItemDecider<FaqFields, FaqEvent, 'CreateFaq', 'UpdateFaq', 'DeleteFaq'>({
  noun: 'FAQ',
  keys: faqFieldKeys,
  commands: { create: 'CreateFaq', update: 'UpdateFaq', delete: 'DeleteFaq' },
  events: { created: 'FaqCreated', updated: 'FaqUpdated', deleted: 'FaqDeleted' },
});
export const { decide, initialState } = faqDecider;

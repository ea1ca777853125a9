import { pickFields } from '@12yards/platform';

export interface FaqFields {
  question: string;
  answer: string;
  isActive: boolean;
  sortOrder: number;
}

export const faqFieldKeys = [
  'question',
  'answer',
  'isActive',
  'sortOrder',
] as const satisfies readonly (keyof FaqFields)[];

/** The FAQ's fields of an event's data (which carries its id and time besides). */
export const pickFaqFields = (data: FaqFields): FaqFields => pickFields(data, faqFieldKeys);

export type FaqCreated = { type: 'FaqCreated'; data: { id: string } & FaqFields & { at: string } };
export type FaqUpdated = { type: 'FaqUpdated'; data: { id: string } & FaqFields & { at: string } };
export type FaqDeleted = { type: 'FaqDeleted'; data: { id: string; at: string } };

export type FaqEvent = FaqCreated | FaqUpdated | FaqDeleted;

export const faqStreamId = (id: string) => `faq-${id}`;

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

export type FaqCreated = { type: 'FaqCreated'; data: { id: string } & FaqFields & { at: string } };
export type FaqUpdated = { type: 'FaqUpdated'; data: { id: string } & FaqFields & { at: string } };
export type FaqDeleted = { type: 'FaqDeleted'; data: { id: string; at: string } };

export type FaqEvent = FaqCreated | FaqUpdated | FaqDeleted;

export const faqStreamId = (id: string) => `faq-${id}`;

import type { Faq } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import { trashUpdates, type TrashableRow } from '@12yards/workbench';
import { pickFaqFields } from './events';
import type { FaqStreamEvent } from './trash';

export const FAQS = 'faqs';
export type FaqRow = Faq & TrashableRow & { order: number };

export const faqRows = (models: ReadModels) => models.collection<FaqRow>(FAQS);

export const faqView = ({ order: _order, version: _version, ...faq }: FaqRow): Faq => faq;

export const faqProjection = defineRowProjection<FaqStreamEvent, FaqRow>({
  collection: FAQS,
  rows: faqRows,
  create: {
    FaqCreated: ({ data, position }) => ({
      id: data.id,
      ...pickFaqFields(data),
      createdAt: data.at,
      updatedAt: data.at,
      order: position,
    }),
  },
  update: {
    FaqUpdated: (row, { data }) => ({ ...row, ...pickFaqFields(data), updatedAt: data.at }),
    ...trashUpdates<'Faq', FaqRow>('Faq'),
  },
  remove: ['FaqDeleted'],
});

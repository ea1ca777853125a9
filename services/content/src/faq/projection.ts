import type { Faq } from '@12yards/api';
import { applyTrashEvent, defineProjection, type ReadModels, type TrashableRow } from '@12yards/platform';
import { pickFaqFields } from './evolve';
import type { FaqStreamEvent } from './trash';

export const FAQS = 'faqs';
export type FaqRow = Faq & TrashableRow & { order: number };

export const faqRows = (models: ReadModels) => models.collection<FaqRow>(FAQS);

export const faqView = ({ order: _order, version: _version, ...faq }: FaqRow): Faq => faq;

export const faqProjection = defineProjection<FaqStreamEvent>({
  collections: [FAQS],
  async apply(event, models) {
    const rows = faqRows(models);
    if (await applyTrashEvent(rows, event, 'Faq')) return;
    switch (event.type) {
      case 'FaqCreated': {
        const existing = await rows.get(event.data.id);
        if (existing && existing.version >= event.version) return; // the revision guard: a replay is a no-op
        await rows.put({
          id: event.data.id,
          ...pickFaqFields(event.data),
          createdAt: event.data.at,
          updatedAt: event.data.at,
          order: event.position,
          version: event.version,
        });
        return;
      }
      case 'FaqUpdated': {
        const row = await rows.get(event.data.id);
        if (!row || row.version >= event.version) return;
        await rows.put({
          ...row,
          ...pickFaqFields(event.data),
          updatedAt: event.data.at,
          version: event.version,
        });
        return;
      }
      case 'FaqDeleted':
        await rows.delete(event.data.id);
        return;
    }
  },
});

import type { ContactMessage } from '@12yards/api';
import { defineProjection, type ReadModels, type SortKey } from '@12yards/platform';
import type { ContactEvent } from './events';

export const CONTACTS = 'contacts';
export type ContactRow = ContactMessage & { order: number; version: number };

/** Newest first; the admin list filters on status (unread, read, responded). */
export const CONTACT_ORDER = [{ field: 'order', dir: 'desc' }] as const satisfies SortKey<ContactRow>[];

export const contactRows = (models: ReadModels) =>
  models.collection<ContactRow>(CONTACTS, { indexes: [['order'], ['status', 'order']] });

export const contactView = ({ order: _o, version: _v, ...row }: ContactRow): ContactMessage => row;

export const contactProjection = defineProjection<ContactEvent>({
  collections: [CONTACTS],
  async apply(event, models) {
    const rows = contactRows(models);
    switch (event.type) {
      case 'ContactMessageReceived': {
        const { at, ...fields } = event.data;
        // The revision guard: a replayed creation must not reset a row that later events already changed.
        const existing = await rows.get(fields.id);
        if (existing && existing.version >= event.version) return;
        await rows.put({
          ...fields,
          status: 'unread',
          createdAt: at,
          order: event.position,
          version: event.version,
        });
        return;
      }
      case 'ContactStatusChanged': {
        const row = await rows.get(event.data.id);
        if (!row || row.version >= event.version) return; // revision guard: a replay is a no-op
        await rows.put({ ...row, status: event.data.status, version: event.version });
        return;
      }
    }
  },
});

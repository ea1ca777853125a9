import type { ContactMessage } from '@12yards/api';
import { defineRowProjection, type ReadModels, type SortKey } from '@12yards/platform';
import type { ContactEvent } from './events';

export const CONTACTS = 'contacts';
export type ContactRow = ContactMessage & { order: number; version: number };

/** Newest first; the admin list filters on status (unread, read, responded). */
export const CONTACT_ORDER = [{ field: 'order', dir: 'desc' }] as const satisfies SortKey<ContactRow>[];

export const contactRows = (models: ReadModels) =>
  models.collection<ContactRow>(CONTACTS, { indexes: [['order'], ['status', 'order']] });

export const contactView = ({ order: _o, version: _v, ...row }: ContactRow): ContactMessage => row;

export const contactProjection = defineRowProjection<ContactEvent, ContactRow>({
  collection: CONTACTS,
  rows: contactRows,
  create: {
    ContactMessageReceived: ({ data: { at, ...fields }, position }) => ({
      ...fields,
      status: 'unread',
      createdAt: at,
      order: position,
    }),
  },
  update: { ContactStatusChanged: (row, { data }) => ({ ...row, status: data.status }) },
});

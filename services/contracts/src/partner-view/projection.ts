import { defineProjection, type ReadModels } from '@12yards/platform';
import type { PartnerSnapshot, PartnerViewEvent } from './events';

export const PARTNERS_VIEW = 'partners_view';
export type PartnerViewRow = PartnerSnapshot & {
  version: number;
  /** Only in a row written before the web address was left out (see decide's OPTIONAL). */
  webAddress?: string;
};

export const partnerRows = (models: ReadModels) => models.collection<PartnerViewRow>(PARTNERS_VIEW);

export const partnerViewProjection = defineProjection<PartnerViewEvent>({
  collections: [PARTNERS_VIEW],
  async apply(event, models) {
    if (event.type !== 'PartnerRecorded') return;
    const rows = partnerRows(models);
    // Events recorded before the web address was left out still hold it (encrypted): the row does not.
    const { webAddress: _notKept, ...partner } = event.data.partner as PartnerViewRow;
    // A partner's first record (an application, as a rule) makes the row without reading it first: a row already
    // there is as new or newer, and the insert leaves it as it is.
    if (event.version === 1) return rows.insert({ ...partner, version: 1 });
    const row = await rows.get(event.data.partner.id);
    if (row && row.version >= event.version) return; // already applied
    await rows.put({ ...partner, version: event.version });
  },
});

/** The partner as this service knows it, or null when unknown. */
export const findPartner = (models: ReadModels, id: string): Promise<PartnerViewRow | null> =>
  partnerRows(models).get(id);

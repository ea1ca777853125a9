import type { Partner, PartnerStatus } from '@12yards/api';
import { defineProjection, type ReadModels, type SortKey } from '@12yards/platform';
import { detailKeys, type PartnerEvent, type PartnerFields } from './events';

export const PARTNERS = 'partners';
const FOLLOW_UPS = new Set([
  'PartnerDetailsChanged',
  'PartnerStatusChanged',
  'PartnerPromoted',
  'PartnerContractEnded',
]);
export type PartnerRow = PartnerFields & {
  status: PartnerStatus;
  statusLocked: boolean;
  activeContracts: number;
  createdAt: string;
  order: number;
  version: number;
};

/** Newest first; the admin list filters on status and type. */
export const PARTNER_ORDER = [{ field: 'order', dir: 'desc' }] as const satisfies SortKey<PartnerRow>[];

export const partnerRows = (models: ReadModels) =>
  models.collection<PartnerRow>(PARTNERS, { indexes: [['order'], ['status', 'order'], ['type', 'order']] });

/** The API shape: absent optional fields are left out rather than null. */
export function partnerView(row: PartnerRow): Partner {
  const { order: _order, version: _version, ...rest } = row;
  const view: Record<string, unknown> = { ...rest };
  for (const k of detailKeys) if (view[k] === null) delete view[k];
  return view as Partner;
}

export const partnerProjection = defineProjection<PartnerEvent>({
  collections: [PARTNERS],
  async apply(event, models) {
    const rows = partnerRows(models);
    if (event.type === 'PartnerApplicationSubmitted') {
      const { at, source: _source, ...fields } = event.data;
      // The revision guard: a replayed creation must not reset a row that later events already changed.
      const existing = await rows.get(fields.id);
      if (existing && existing.version >= event.version) return;
      await rows.put({
        ...fields,
        statusLocked: false,
        activeContracts: 0,
        createdAt: at,
        order: event.position,
        version: event.version,
      });
      return;
    }
    if (!FOLLOW_UPS.has(event.type)) return;
    const row = await rows.get((event.data as { id: string }).id);
    // The revision guard makes a replayed event a no-op.
    if (!row || row.version >= event.version) return;
    const next = { ...row, version: event.version };
    switch (event.type) {
      case 'PartnerDetailsChanged': {
        const { at: _at, ...fields } = event.data;
        await rows.put({ ...next, ...fields });
        return;
      }
      case 'PartnerStatusChanged':
        await rows.put({ ...next, status: event.data.status });
        return;
      case 'PartnerPromoted':
        await rows.put({
          ...next,
          status: 'Partner',
          activeContracts: event.data.activeContracts,
          statusLocked: true,
        });
        return;
      case 'PartnerContractEnded':
        await rows.put({
          ...next,
          activeContracts: event.data.activeContracts,
          statusLocked: event.data.statusLocked,
        });
        return;
    }
  },
});

import type { Partner, PartnerStatus } from '@12yards/api';
import { defineRowProjection, type ReadModels, type SortKey } from '@12yards/platform';
import { detailKeys, type PartnerEvent, type PartnerFields } from './events';

export const PARTNERS = 'partners';
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

export const partnerProjection = defineRowProjection<PartnerEvent, PartnerRow>({
  collection: PARTNERS,
  rows: partnerRows,
  create: {
    PartnerApplicationSubmitted: ({ data: { at, source: _source, ...fields }, position }) => ({
      ...fields,
      statusLocked: false,
      activeContracts: 0,
      createdAt: at,
      order: position,
    }),
  },
  update: {
    PartnerDetailsChanged: (row, { data: { at: _at, ...fields } }) => ({ ...row, ...fields }),
    PartnerStatusChanged: (row, { data }) => ({ ...row, status: data.status }),
    PartnerPromoted: (row, { data }) => ({
      ...row,
      status: 'Partner',
      activeContracts: data.activeContracts,
      statusLocked: true,
    }),
    PartnerContractEnded: (row, { data }) => ({
      ...row,
      activeContracts: data.activeContracts,
      statusLocked: data.statusLocked,
    }),
  },
});

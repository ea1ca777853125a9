import type { PartnerStatus, PartnerType } from '@12yards/api';

/**
 * Every field of a partner's details, absent ones as null so the shape is stable for consumers (the contracts
 * service keeps its own view of partners from PartnerApplicationSubmitted and PartnerDetailsChanged).
 */
export interface PartnerFields {
  id: string;
  name: string;
  email: string;
  type: PartnerType;
  organization: string | null;
  position: string | null;
  webAddress: string | null;
  targetMembers: string | null;
  membershipType: 'freemium' | 'paid' | null;
  message: string | null;
  knownAs: string | null;
  twitterAccount: string | null;
  instagramAccount: string | null;
  tiktokAccount: string | null;
  facebookAccount: string | null;
  totalFollowers: string | null;
}

export const detailKeys = [
  'name',
  'email',
  'type',
  'organization',
  'position',
  'webAddress',
  'targetMembers',
  'membershipType',
  'message',
  'knownAs',
  'twitterAccount',
  'instagramAccount',
  'tiktokAccount',
  'facebookAccount',
  'totalFollowers',
] as const satisfies readonly (keyof PartnerFields)[];

export type PartnerDetails = Omit<PartnerFields, 'id'>;

export type PartnerApplicationSubmitted = {
  type: 'PartnerApplicationSubmitted';
  /** source: the public form or the admin form. */
  data: PartnerFields & { status: PartnerStatus; source: 'public' | 'admin'; at: string };
};
export type PartnerDetailsChanged = {
  type: 'PartnerDetailsChanged';
  data: PartnerFields & { at: string };
};
export type PartnerStatusChanged = {
  type: 'PartnerStatusChanged';
  data: { id: string; status: PartnerStatus; previousStatus: PartnerStatus; at: string };
};
/** A contract was created for the partner: status Partner, locked while activeContracts > 0. */
export type PartnerPromoted = {
  type: 'PartnerPromoted';
  data: {
    id: string;
    contractId: string;
    status: 'Partner';
    previousStatus: PartnerStatus;
    activeContracts: number;
    statusLocked: true;
    at: string;
  };
};
/** One of the partner's contracts ended or was deleted; the lock goes when none is left. */
export type PartnerContractEnded = {
  type: 'PartnerContractEnded';
  data: {
    id: string;
    contractId: string;
    reason: 'ContractEnded' | 'ContractDeleted';
    activeContracts: number;
    statusLocked: boolean;
    at: string;
  };
};

export type PartnerEvent =
  | PartnerApplicationSubmitted
  | PartnerDetailsChanged
  | PartnerStatusChanged
  | PartnerPromoted
  | PartnerContractEnded;

export const partnerStreamId = (id: string) => `partner-${id}`;

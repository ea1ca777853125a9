/**
 * The contracts service's own record of a partner, kept from the partners service's integration events. Recording
 * it as an event of this service (not a direct read-model write) lets the read models be rebuilt from this
 * service's store alone.
 */
export interface PartnerSnapshot {
  id: string;
  name: string;
  email: string;
  type: string;
  organization?: string;
  position?: string;
  knownAs?: string;
  status?: string;
}

export type PartnerRecorded = {
  type: 'PartnerRecorded';
  data: { partner: PartnerSnapshot; source: { eventId: string; type: string; at: string } };
};
export type PartnerViewEvent = PartnerRecorded;

export const streamId = (partnerId: string) => `partner-view-${partnerId}`;

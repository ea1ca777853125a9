import type { PartnerSnapshot, PartnerViewEvent } from './events';

export type PartnerViewState = { known: false } | { known: true; partner: PartnerSnapshot };

export const initialState = (): PartnerViewState => ({ known: false });

export function evolve(_state: PartnerViewState, event: PartnerViewEvent): PartnerViewState {
  return { known: true, partner: event.data.partner };
}

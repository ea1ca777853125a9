import type { PartnerStatus } from '@12yards/api';
import type { PartnerDetails, PartnerEvent } from './events';
import { detailKeys } from './events';

export type PartnerState =
  | { exists: false }
  | { exists: true; details: PartnerDetails; status: PartnerStatus; activeContractIds: string[] };

export const initialState = (): PartnerState => ({ exists: false });

export const pickDetails = (source: PartnerDetails): PartnerDetails =>
  Object.fromEntries(detailKeys.map((k) => [k, source[k]])) as PartnerDetails;

export function evolve(state: PartnerState, event: PartnerEvent): PartnerState {
  switch (event.type) {
    case 'PartnerApplicationSubmitted':
      return {
        exists: true,
        details: pickDetails(event.data),
        status: event.data.status,
        activeContractIds: [],
      };
    case 'PartnerDetailsChanged':
      return state.exists ? { ...state, details: pickDetails(event.data) } : state;
    case 'PartnerStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
    case 'PartnerPromoted':
      return state.exists
        ? {
            ...state,
            status: 'Partner',
            activeContractIds: [...state.activeContractIds, event.data.contractId],
          }
        : state;
    case 'PartnerContractEnded':
      return state.exists
        ? { ...state, activeContractIds: state.activeContractIds.filter((c) => c !== event.data.contractId) }
        : state;
  }
}

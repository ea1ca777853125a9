import type { ServiceState } from '@12yards/api';
import type { ServiceStatusEvent } from './events';

export type ServiceStatusState = { exists: false } | { exists: true; status: ServiceState };

export const initialState = (): ServiceStatusState => ({ exists: false });

export function evolve(state: ServiceStatusState, event: ServiceStatusEvent): ServiceStatusState {
  switch (event.type) {
    case 'ServiceRegistered':
      return { exists: true, status: event.data.status };
    case 'ServiceStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
  }
}

import type { ServiceState } from '@12yards/api';
import { NotFound, type Decider } from '@12yards/platform';
import type { ServiceStatusEvent } from './events';
import { evolve, initialState, type ServiceStatusState } from './evolve';

export type ServiceStatusCommand =
  | {
      type: 'RegisterService';
      id: string;
      serviceName: string;
      status: ServiceState;
      description?: string;
      at: Date;
    }
  | { type: 'ChangeServiceStatus'; id: string; status: ServiceState; at: Date };

export function decide(command: ServiceStatusCommand, state: ServiceStatusState): ServiceStatusEvent[] {
  switch (command.type) {
    case 'RegisterService':
      if (state.exists) return []; // registering twice (two instances seeding at once) changes nothing
      return [
        {
          type: 'ServiceRegistered',
          data: {
            id: command.id,
            serviceName: command.serviceName,
            status: command.status,
            description: command.description ?? null,
            at: command.at.toISOString(),
          },
        },
      ];
    case 'ChangeServiceStatus':
      if (!state.exists) throw new NotFound(`No service status with id ${command.id}`);
      if (state.status === command.status) return [];
      return [
        {
          type: 'ServiceStatusChanged',
          data: {
            id: command.id,
            status: command.status,
            previousStatus: state.status,
            at: command.at.toISOString(),
          },
        },
      ];
  }
}

export const serviceStatusDecider: Decider<ServiceStatusState, ServiceStatusCommand, ServiceStatusEvent> = {
  initialState,
  decide,
  evolve,
};

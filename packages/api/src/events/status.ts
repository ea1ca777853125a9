import { z } from 'zod';
import { serviceStates } from '../status';
import { defineEvent } from './define';

export const serviceStatusChanged = defineEvent({
  type: 'ServiceStatusChanged',
  version: 1,
  producer: 'status',
  consumers: ['gateway'],
  description: 'A service was registered on the status page or its status changed.',
  data: z.object({ serviceId: z.string().min(1), status: z.enum(serviceStates) }),
});

export const statusEvents = [serviceStatusChanged] as const;

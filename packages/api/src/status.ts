import { z } from 'zod';
import { entityVersion } from './common';

export const serviceStates = ['operational', 'issue'] as const;
export const serviceState = z.enum(serviceStates, { error: "status must be 'operational' or 'issue'" });
export type ServiceState = z.infer<typeof serviceState>;

export const serviceStatus = z.object({
  id: z.string(),
  serviceName: z.string(),
  status: z.string(),
  description: z.string().nullable().optional(),
  lastUpdated: z.string(),
  createdAt: z.string(),
  version: entityVersion,
});
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const updateServiceStatus = z.object({ status: serviceState });
export type UpdateServiceStatus = z.infer<typeof updateServiceStatus>;

// A plain constant in ./constants (no zod): the public /status page needs it without the schemas.
export { DEFAULT_SERVICES } from './constants';

import { serviceStatus, updateServiceStatus } from '../status';
import { defineRoutes, named, json, list, idParam, WRITE } from './contract';

// Requests (their input form) and answers (their output form) of the status routes.
const S = {
  serviceStatus: named('ServiceStatus', serviceStatus),
  updateServiceStatus: named('UpdateServiceStatus', updateServiceStatus),
} as const;

export const statusRoutes = defineRoutes({
  list: {
    method: 'get',
    publicRead: true,
    path: '/api/service-status',
    tag: 'Service status',
    summary: 'The status of each service of the app',
    access: 'public',
    success: [{ status: 200, description: 'Every service', body: list(S.serviceStatus) }],
  },
  update: {
    method: 'put',
    path: '/api/admin/service-status/{id}',
    versioned: true,
    tag: 'Service status',
    summary: "Change a service's status",
    access: 'admin',
    params: idParam,
    body: json(S.updateServiceStatus),
    success: [{ status: 200, description: 'The changed status', body: json(S.serviceStatus) }],
    errors: [404, ...WRITE],
  },
});

import { defineService } from '@12yards/platform';
import { buildApp } from './app';
import { seedDefaults } from './seed';
import { serviceStatusProjection } from './service-status/projection';
import { statusIntegrationEvents } from './integration-events';

export const statusService = defineService({
  name: 'status',
  defaultPort: 8101,
  uses: [], // no job queue, no object store
  projections: [serviceStatusProjection],
  integrationEvents: statusIntegrationEvents,
  init: seedDefaults,
  build: async (ctx) => ({ app: buildApp(ctx) }),
});

import { defineService } from '@12yards/platform';
import { partnerActionProjection } from './action/projection';
import { buildApp } from './app';
import { contactProjection } from './contact/projection';
import { partnerProjection } from './partner/projection';
import { subscribeToContracts } from './reactions/contract-created';
import { partnersIntegrationEvents } from './integration-events';

export const partnersService = defineService({
  name: 'partners',
  defaultPort: 8103,
  uses: [],
  projections: [partnerProjection, partnerActionProjection, contactProjection],
  integrationEvents: partnersIntegrationEvents,
  build: async (ctx) => {
    const app = buildApp(ctx);
    const contracts = await subscribeToContracts(ctx);
    return { app, stop: () => contracts.stop() };
  },
});

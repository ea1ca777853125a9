import { defineService } from '@12yards/platform';
import { partnerActionProjection } from './action/projection';
import { buildApp } from './app';
import { contactProjection } from './contact/projection';
import { partnerProjection } from './partner/projection';
import { subscribeToContracts } from './reactions/contract-created';
import { partnersIntegrationEvents } from './integration-events';
import { partnersPersonalData } from './personal-data';
import { partnerInsightsProjection } from './insights/projection';

export const partnersService = defineService({
  name: 'partners',
  defaultPort: 8103,
  uses: [],
  projections: [partnerProjection, partnerActionProjection, contactProjection],
  reportProjections: [partnerInsightsProjection],
  integrationEvents: partnersIntegrationEvents,
  personalData: partnersPersonalData,
  build: async (ctx) => {
    const app = buildApp(ctx);
    const contracts = await subscribeToContracts(ctx);
    return { app, stop: () => contracts.stop() };
  },
});

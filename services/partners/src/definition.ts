import { defineService, startRetentionSweep } from '@12yards/platform';
import { partnerActionProjection } from './action/projection';
import { buildApp } from './app';
import { contactProjection } from './contact/projection';
import { partnerProjection } from './partner/projection';
import { subscribeToContracts } from './reactions/contract-created';
import { partnersIntegrationEvents } from './integration-events';
import { partnersPersonalData } from './personal-data';
import { partnersPersonalDataHolder, partnersRetention } from './privacy';
import { partnerInsightsProjection } from './insights/projection';
import { retentionMonths } from './retention-setting';

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
    const retention = await startRetentionSweep(
      ctx,
      partnersPersonalDataHolder(ctx.infra.readModels),
      partnersRetention(ctx.infra.readModels, ctx.infra.eventStore),
      'partners',
      retentionMonths(ctx), // the admin's setting, read at each sweep
    );
    return {
      app,
      stop: async () => {
        await retention.stop();
        await contracts.stop();
      },
    };
  },
});

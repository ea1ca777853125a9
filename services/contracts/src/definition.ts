import { defineService } from '@12yards/platform';
import { buildApp } from './app';
import { startExpirySweep } from './contract/expiry';
import { startDocumentWorker } from './document/worker';
import { resolveOptions, type ContractsOptions } from './options';
import { subscribeToPartners } from './reactions/partner-events';
import { contractsIntegrationEvents } from './integration-events';
import { contractsProjections, contractsReportProjections } from './projections';
import { contractsPersonalData } from './personal-data';

export { contractsProjections };

export function createContractsService(opts: ContractsOptions = {}) {
  const options = resolveOptions(opts);
  return defineService({
    name: 'contracts',
    defaultPort: 8104,
    uses: ['jobs', 'objects'], // document jobs; templates and documents are files
    projections: contractsProjections,
    reportProjections: contractsReportProjections,
    integrationEvents: contractsIntegrationEvents,
    personalData: contractsPersonalData,
    build: async (ctx) => {
      const subscription = await subscribeToPartners(ctx);
      const inProcess = options.inProcessWorker ?? ctx.infra.kind.jobs === 'sqlite';
      const worker = inProcess
        ? await startDocumentWorker(ctx, options.workerObjects(ctx.infra.objects), 2, options.limits)
        : undefined;
      // Contracts past their end date end now and then every expirySweepMs (ContractEnded unlocks the partner).
      const expiry = await startExpirySweep(ctx, options.expirySweepMs);
      return {
        app: buildApp(ctx, options),
        async stop() {
          await expiry.stop();
          await worker?.close();
          await subscription.stop();
        },
      };
    },
  });
}

export const contractsService = createContractsService();

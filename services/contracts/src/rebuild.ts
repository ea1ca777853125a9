import { rebuildReadModels } from '@12yards/platform';
import { contractsService } from './definition';

rebuildReadModels(contractsService).then(
  (n) => console.log(`contracts: read models rebuilt from ${n} events`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

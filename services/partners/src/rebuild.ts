import { rebuildReadModels } from '@12yards/platform';
import { partnersService } from './definition';

rebuildReadModels(partnersService).then(
  (n) => console.log(`partners: read models rebuilt from ${n} events`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

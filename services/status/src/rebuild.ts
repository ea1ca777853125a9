import { rebuildReadModels } from '@12yards/platform';
import { statusService } from './definition';

rebuildReadModels(statusService).then(
  (n) => console.log(`status: read models rebuilt from ${n} events`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

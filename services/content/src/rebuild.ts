import { rebuildReadModels } from '@12yards/platform';
import { contentService } from './definition';

rebuildReadModels(contentService).then(
  (n) => console.log(`content: read models rebuilt from ${n} events`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

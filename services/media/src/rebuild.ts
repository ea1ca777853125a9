import { rebuildReadModels } from '@12yards/platform';
import { mediaService } from './definition';

rebuildReadModels(mediaService).then(
  (n) => console.log(`media: read models rebuilt from ${n} events`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

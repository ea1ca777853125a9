import { runService } from '@12yards/platform';
import { contentService } from './definition';

void runService(contentService);

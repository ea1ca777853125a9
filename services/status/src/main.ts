import { runService } from '@12yards/platform';
import { statusService } from './definition';

void runService(statusService);

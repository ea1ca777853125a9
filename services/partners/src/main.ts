import { runService } from '@12yards/platform';
import { partnersService } from './definition';

void runService(partnersService);

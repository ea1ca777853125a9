import { runService } from '@12yards/platform';
import { mediaService } from './definition';

void runService(mediaService);

import { faqDecider } from './decide';
import type { FaqEvent } from './events';
import { trashable, type TrashEvent } from '@12yards/workbench';

/** Every event of a FAQ's stream: its own, and going to and coming back from the trash. */
export type FaqStreamEvent = FaqEvent | TrashEvent<'Faq'>;

/** The FAQ aggregate with its trash: what the routes run. */
export const trashableFaqDecider = trashable(faqDecider, { noun: 'FAQ', prefix: 'Faq', purge: 'DeleteFaq' });

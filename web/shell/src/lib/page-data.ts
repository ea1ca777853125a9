import { SHOW_APP_GALLERY } from '@12yards/api';

/** The id of the JSON script that carries a server-rendered page's data and render time to the browser. */
export const PAGE_STATE_ID = 'page-state';

/**
 * The API reads each public page shows at first paint (query keys are the URLs, lib/queries.ts): the server
 * fetches them, renders with them and embeds them, so the browser asks for none of them again.
 */
export const PAGE_DATA: Record<string, string[]> = {
  '/': ['/api/news', '/api/faqs', `/api/settings/${SHOW_APP_GALLERY}`],
  // '/news' reads its list page by page (lib/news-pages.ts newsPagesOptions): entry-server fetches its first page.
  '/status': ['/api/service-status'],
};

// Constants shared by browser and services that need no schema: importing them pulls in no zod code.

export const adminNewsCategories = ['general', 'announcement', 'update', 'feature'] as const;
/** The public /news filter: value and label. */
export const publicNewsCategories = [
  { value: 'transfer-news', label: 'Transfer News' },
  { value: 'match-report', label: 'Match Report' },
  { value: 'tactical-analysis', label: 'Tactical Analysis' },
] as const;

export const SHOW_APP_GALLERY = 'show_app_gallery';

/** The services /status lists when the server has none (SPEC section 2). */
export const DEFAULT_SERVICES = ['Android App', 'iOS App', 'Points and Rewards', 'Auctions'] as const;

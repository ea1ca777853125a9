/** Admin reads are never cached; public reads are revalidated (Express adds a weak ETag and answers 304). */
export const NO_STORE = 'no-store';
export const NO_CACHE = 'no-cache';

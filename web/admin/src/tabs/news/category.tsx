import type { UseFormReturn } from 'react-hook-form';
import { newsCategories, type NewsFormFields, type NewsFormInput } from '@12yards/api';
import { labelOf } from '../../components/ListFilters';
import { SelectField } from '../../kit/fields';

export const categoryLabel = (c: string) => c.replace(/-/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase());
// The admin categories (general, announcement, update, feature) and the three the public /news filter offers
// (Transfer News, Match Report, Tactical Analysis): an article the admin writes must be findable by that filter.
export const CATEGORY_FILTER = newsCategories.map((c) => ({ value: c, label: categoryLabel(c) }));

/** The empty list under a search or filter; the category-only text is the public /news page's (SPEC section 2). */
export function noMatch({ q, category, scheduled }: { q?: string; category?: string; scheduled?: string }) {
  const name = category && labelOf(CATEGORY_FILTER, category);
  if (scheduled && !q && !name) return 'No articles are scheduled to go live.';
  if (!q) return `No articles found in the "${name}" category. Try changing the filter.`;
  return name ? `No articles match "${q}" in the "${name}" category.` : `No articles match "${q}".`;
}

/** The article's category, one of the admin's and the public filter's. */
export function CategoryField({ form }: { form: UseFormReturn<NewsFormInput, unknown, NewsFormFields> }) {
  return <SelectField form={form} name="category" label="Category" options={CATEGORY_FILTER} />;
}

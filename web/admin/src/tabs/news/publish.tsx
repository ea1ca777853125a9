import { Controller, type UseFormReturn } from 'react-hook-form';
import type { NewsArticle, NewsFields, NewsFormFields, NewsFormInput, NewsPublishMode } from '@12yards/api';
import { Badge, Switch } from '@12yards/ui';
import { formatDateTime } from '../../lib/format';
import { SwitchRow } from '../../components/Field';
import { TextField } from '../../kit/fields';

/** Published with a date still to come: the public sees it from that date on. */
export const isScheduled = (a: Pick<NewsArticle, 'published' | 'publishDate'>) =>
  a.published && Date.parse(a.publishDate) > Date.now();

/** Published, Draft, or (published, its date to come) Scheduled for its date and time. */
export function PublishBadge({ article }: { article: NewsArticle }) {
  if (!article.published) return <Badge variant="outline">Draft</Badge>;
  if (isScheduled(article)) {
    return <Badge variant="secondary">Scheduled for {formatDateTime(article.publishDate)}</Badge>;
  }
  return <Badge variant="success">Published</Badge>;
}

/** A `datetime-local` value (the admin's time zone, to the second) for an instant. */
function localDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const emptyArticle: NewsFormInput = {
  title: '',
  excerpt: '',
  content: '',
  category: 'general',
  imageUrl: '',
  featured: false,
  published: true,
  publishMode: 'now',
  publishAt: '',
};

export function articleForm(a: NewsArticle): NewsFormInput {
  const publishMode: NewsPublishMode = !a.published ? 'draft' : isScheduled(a) ? 'schedule' : 'now';
  return {
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    category: a.category,
    imageUrl: a.imageUrl ?? '',
    publishDate: a.publishDate,
    featured: a.featured,
    published: a.published,
    publishMode,
    publishAt: publishMode === 'schedule' ? localDateTime(a.publishDate) : '',
  };
}

/**
 * The article as the API takes it. Schedule: published, dated at the chosen time. Draft: not published, its date
 * kept. Now: a new article is dated by the server; one still waiting for its date goes public now; one already
 * public keeps its date.
 */
export function articleBody(
  { publishMode, publishAt, ...fields }: NewsFormFields,
  article: NewsArticle | null,
): NewsFields {
  if (publishMode === 'schedule') {
    return { ...fields, published: true, publishDate: new Date(publishAt!).toISOString() };
  }
  if (publishMode === 'draft') return { ...fields, published: false };
  const publishDate = article && isScheduled(article) ? new Date().toISOString() : fields.publishDate;
  return { ...fields, published: true, publishDate };
}

export const PUBLISH_MODES: { value: NewsPublishMode; label: string }[] = [
  { value: 'now', label: 'Publish now' },
  { value: 'draft', label: 'Save as draft' },
  { value: 'schedule', label: 'Schedule' },
];

/** The switch and the three choices are one setting: off is a draft, on publishes now or at a time. */
export function PublishFields({ form }: { form: UseFormReturn<NewsFormInput, unknown, NewsFormFields> }) {
  const publishMode = form.watch('publishMode');
  return (
    <>
      <Controller
        control={form.control}
        name="publishMode"
        render={({ field }) => (
          <>
            <SwitchRow label="Published" hint="Make this article public">
              <Switch
                checked={field.value !== 'draft'}
                onCheckedChange={(on) => field.onChange(on ? 'now' : 'draft')}
              />
            </SwitchRow>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">When</legend>
              <div className="flex flex-wrap gap-4">
                {PUBLISH_MODES.map((mode) => (
                  <label key={mode.value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={field.name}
                      value={mode.value}
                      checked={field.value === mode.value}
                      onChange={() => field.onChange(mode.value)}
                      className="accent-primary"
                    />
                    {mode.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
      />
      {publishMode === 'schedule' && (
        <TextField
          form={form}
          name="publishAt"
          label="Publish at"
          required
          type="datetime-local"
          hint="Your local date and time; the article appears on the site then."
        />
      )}
    </>
  );
}

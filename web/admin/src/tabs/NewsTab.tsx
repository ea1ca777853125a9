import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import {
  newsCategories,
  newsForm,
  type NewsArticle,
  type NewsFields,
  type NewsFormFields,
  type NewsFormInput,
  type NewsPublishMode,
} from '@12yards/api';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
  cn,
} from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { formatDate, formatDateTime } from '../lib/format';
import { Field, SwitchRow } from '../components/Field';
import { FileUpload, IMAGE_ACCEPT } from '../components/FileUpload';
import { useDenied } from '../lib/permissions';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { TRASH_KEY } from './TrashTab';
import { HistorySection } from '../components/HistorySection';
import { useEditConflict, type ConflictField } from '../components/EditConflict';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';
import { LoadMore } from '../components/LoadMore';
import { ShowingOnly } from '../components/ShowingOnly';
import { ListSearch } from '../components/ListSearch';
import { FilteredEmpty, FilterSelect, ListToolbar, labelOf, useListFilters } from '../components/ListFilters';
import { usePagedList } from '../lib/pages';

export const NEWS_KEY = ['/api/admin/news'];

const categoryLabel = (c: string) => c.replace(/-/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase());
// The admin categories (general, announcement, update, feature) and the three the public /news filter offers
// (Transfer News, Match Report, Tactical Analysis): an article the admin writes must be findable by that filter.
const CATEGORY_OPTIONS = newsCategories;
const CATEGORY_FILTER = CATEGORY_OPTIONS.map((c) => ({ value: c, label: categoryLabel(c) }));

/** The empty list under a search or filter; the category-only text is the public /news page's (SPEC section 2). */
function noMatch({ q, category, scheduled }: { q?: string; category?: string; scheduled?: string }) {
  const name = category && labelOf(CATEGORY_FILTER, category);
  if (scheduled && !q && !name) return 'No articles are scheduled to go live.';
  if (!q) return `No articles found in the "${name}" category. Try changing the filter.`;
  return name ? `No articles match "${q}" in the "${name}" category.` : `No articles match "${q}".`;
}

export function NewsTab() {
  const filters = useListFilters<'category' | 'scheduled'>(NEWS_KEY, { scheduled: ['true'] });
  const news = usePagedList<NewsArticle>(filters.key);
  const [editing, setEditing] = useState<NewsArticle | 'new' | null>(null);
  const deniedDelete = useDenied('delete', '/api/admin/news/{id}');
  const remove = useAdminMutation<NewsArticle>({
    mutationFn: (write, a) => write('DELETE', `/api/admin/news/${a.id}`, undefined, { version: a.version }),
    invalidate: [NEWS_KEY, TRASH_KEY],
    success: 'News article moved to the trash',
    failure: 'Failed to delete news article',
  });

  return (
    <section>
      <TabHeader title="News Management" description="Write, feature and publish articles for the site.">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Article
        </Button>
      </TabHeader>
      <ListToolbar label="News">
        <ListSearch
          key={filters.searchGeneration}
          label="Search news"
          placeholder="Title"
          onSearch={filters.setQ}
        />
        <FilterSelect
          label="Category"
          allLabel="All Categories"
          value={filters.values.category}
          options={CATEGORY_FILTER}
          onChange={(v) => filters.set('category', v)}
        />
      </ListToolbar>
      {filters.values.scheduled && (
        <ShowingOnly onShowAll={() => filters.set('scheduled', '')}>
          Showing only articles scheduled to go live.
        </ShowingOnly>
      )}
      {news.isPending ? (
        <Loading text="Loading news..." />
      ) : news.isError ? (
        <LoadError what="news" error={news.error} onRetry={() => void news.refetch()} />
      ) : news.items.length === 0 ? (
        filters.active ? (
          <FilteredEmpty onClear={filters.clear}>{noMatch(filters.values)}</FilteredEmpty>
        ) : (
          <Empty>No news articles yet. Add the first one.</Empty>
        )
      ) : (
        <>
          <ul
            className={cn('grid gap-3', news.isPlaceholderData && 'opacity-60')}
            aria-busy={news.isPlaceholderData}
          >
            {news.items.map((a) => (
              <li key={a.id}>
                <Card>
                  <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start">
                    {a.imageUrl && (
                      <img
                        src={a.imageUrl}
                        alt=""
                        className="h-24 w-full rounded-md object-cover sm:w-36"
                        loading="lazy"
                      />
                    )}
                    <div className="min-w-0 flex-1">
                      <h3 className="text-lg font-semibold">
                        <bdi>{a.title}</bdi>
                      </h3>
                      <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" dir="auto">
                        {a.excerpt}
                      </p>
                      <div className="mt-2 flex flex-wrap items-center gap-2">
                        {a.featured && <Badge variant="warning">Featured</Badge>}
                        <PublishBadge article={a} />
                        <Badge variant="secondary">{categoryLabel(a.category)}</Badge>
                        <span className="text-xs text-muted-foreground">{formatDate(a.publishDate)}</span>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(a)}
                        aria-label={`Edit ${a.title}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <ConfirmDelete
                        what="news article"
                        name={a.title}
                        toTrash
                        denied={deniedDelete}
                        onConfirm={() => remove.mutate(a)}
                      />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={news} />
        </>
      )}
      <NewsDialog article={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** Published with a date still to come: the public sees it from that date on. */
const isScheduled = (a: Pick<NewsArticle, 'published' | 'publishDate'>) =>
  a.published && Date.parse(a.publishDate) > Date.now();

/** Published, Draft, or (published, its date to come) Scheduled for its date and time. */
function PublishBadge({ article }: { article: NewsArticle }) {
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

const emptyArticle: NewsFormInput = {
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

function toForm(a: NewsArticle): NewsFormInput {
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
function toBody(
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

const PUBLISH_MODES: { value: NewsPublishMode; label: string }[] = [
  { value: 'now', label: 'Publish now' },
  { value: 'draft', label: 'Save as draft' },
  { value: 'schedule', label: 'Schedule' },
];

const NEWS_FIELDS: ConflictField<NewsFormInput>[] = [
  { name: 'title', label: 'Title' },
  { name: 'excerpt', label: 'Excerpt' },
  { name: 'content', label: 'Content' },
  { name: 'category', label: 'Category', show: (c) => categoryLabel(String(c)) },
  { name: 'imageUrl', label: 'Image URL' },
  { name: 'featured', label: 'Featured' },
  { name: 'publishMode', label: 'When', show: (m) => labelOf(PUBLISH_MODES, String(m)) },
  { name: 'publishAt', label: 'Publish at' },
];

export function NewsDialog({
  article,
  onClose,
}: {
  article: NewsArticle | 'new' | null;
  onClose: () => void;
}) {
  const isNew = article === 'new';
  const form = useForm<NewsFormInput, unknown, NewsFormFields>({
    resolver: zodResolver(newsForm),
    defaultValues: emptyArticle,
  });
  const [uploading, setUploading] = useState(false);
  const { register, control, handleSubmit, reset, setValue, watch, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (article) reset(article === 'new' ? emptyArticle : toForm(article));
  }, [article, reset]);

  const conflict = useEditConflict({
    entity: article,
    form,
    toForm,
    fields: NEWS_FIELDS,
    listKey: NEWS_KEY,
    what: 'article',
  });
  const save = useAdminMutation<NewsFields>({
    mutationFn: (write, body) =>
      isNew
        ? write('POST', '/api/news', body)
        : write('PUT', `/api/admin/news/${conflict.entity!.id}`, body, { version: conflict.version }),
    invalidate: [NEWS_KEY, ['/api/news']],
    success: isNew ? 'News article created successfully' : 'News article updated successfully',
    failure: isNew ? 'Failed to create news article' : 'Failed to update news article',
    onSuccess: onClose,
    onStale: conflict.onStale,
  });

  const imageUrl = watch('imageUrl');
  const publishMode = watch('publishMode');

  return (
    <Dialog open={article !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isNew ? 'Create News Article' : 'Edit News Article'}</DialogTitle>
          <DialogDescription>Title, excerpt and content are required.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={handleSubmit((values) => save.mutate(toBody(values, conflict.entity)))}
          className="grid gap-4"
        >
          <Field label="Title" required error={errors.title?.message}>
            <Input {...register('title')} />
          </Field>
          <Field label="Excerpt" required error={errors.excerpt?.message}>
            <Textarea rows={2} className="min-h-16" {...register('excerpt')} />
          </Field>
          <Field label="Content" required error={errors.content?.message}>
            <Textarea rows={6} {...register('content')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Category" error={errors.category?.message}>
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Select value={field.value ?? 'general'} onValueChange={field.onChange}>
                    <SelectTrigger aria-label="Category">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {CATEGORY_OPTIONS.map((c) => (
                        <SelectItem key={c} value={c}>
                          {categoryLabel(c)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field label="Image URL" error={errors.imageUrl?.message}>
              <Input placeholder="https://..." {...register('imageUrl')} />
            </Field>
          </div>
          <FileUpload
            label="Upload Image"
            url="/api/upload"
            accept={IMAGE_ACCEPT}
            failure="Failed to upload image"
            onUploadingChange={setUploading}
            onUploaded={(result) => setValue('imageUrl', result.url, { shouldDirty: true })}
          />
          {imageUrl && (
            <img
              src={imageUrl}
              alt="Image preview"
              className="max-h-48 w-full rounded-md border border-border object-cover"
            />
          )}
          <Controller
            control={control}
            name="featured"
            render={({ field }) => (
              <SwitchRow label="Featured" hint="Show this article as featured">
                <Switch checked={!!field.value} onCheckedChange={field.onChange} />
              </SwitchRow>
            )}
          />
          {/* The switch and the three choices are one setting: off is a draft, on publishes now or at a time. */}
          <Controller
            control={control}
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
            <Field
              label="Publish at"
              required
              hint="Your local date and time; the article appears on the site then."
              error={errors.publishAt?.message}
            >
              <Input type="datetime-local" step={1} {...register('publishAt')} />
            </Field>
          )}
          {conflict.panel}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || uploading}>
              {save.isPending ? 'Saving...' : isNew ? 'Create Article' : 'Update Article'}
            </Button>
          </DialogFooter>
        </form>
        {article && article !== 'new' && (
          <HistorySection entityType="news" id={article.id} name={article.title} />
        )}
      </DialogContent>
    </Dialog>
  );
}

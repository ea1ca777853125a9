import { useState } from 'react';
import {
  newsForm,
  type NewsArticle,
  type NewsFields,
  type NewsFormFields,
  type NewsFormInput,
} from '@12yards/api';
import { Badge } from '@12yards/ui';
import { formatDate } from '../lib/format';
import { FileUpload } from '../components/FileUpload';
import { labelOf, useListFilters } from '../components/ListFilters';
import { CATEGORY_FILTER, CategoryField, categoryLabel, noMatch } from './news/category';
import { usePagedList } from '../lib/pages';
import { useResourceDelete } from '../kit/resource';
import { ResourceList } from '../kit/ResourceList';
import { ResourceCard, RowActions } from '../kit/ResourceCard';
import { ResourceDialog, type FormResource } from '../kit/ResourceDialog';
import { FieldPair, ImagePreview, SwitchField, TextField } from '../kit/fields';
import {
  PUBLISH_MODES,
  PublishBadge,
  PublishFields,
  articleBody,
  articleForm,
  emptyArticle,
} from './news/publish';

export const NEWS_KEY = ['/api/admin/news'];

export const news: FormResource<NewsArticle, NewsFormInput, NewsFormFields, NewsFields> = {
  key: NEWS_KEY,
  path: '/api/admin/news',
  createPath: '/api/news',
  refresh: [['/api/news']],
  what: 'news article',
  conflictWhat: 'article',
  name: (a) => a.title,
  history: 'news',
  toTrash: true,
  schema: newsForm,
  empty: emptyArticle,
  toForm: articleForm,
  toBody: articleBody,
  fields: [
    { name: 'title', label: 'Title' },
    { name: 'excerpt', label: 'Excerpt' },
    { name: 'content', label: 'Content' },
    { name: 'category', label: 'Category', show: (c) => categoryLabel(String(c)) },
    { name: 'imageUrl', label: 'Image URL' },
    { name: 'featured', label: 'Featured' },
    { name: 'publishMode', label: 'When', show: (m) => labelOf(PUBLISH_MODES, String(m)) },
    { name: 'publishAt', label: 'Publish at' },
  ],
  dialog: {
    title: ['Create News Article', 'Edit News Article'],
    description: 'Title, excerpt and content are required.',
    submit: ['Create Article', 'Update Article'],
  },
};

export function NewsTab() {
  const filters = useListFilters<'category' | 'scheduled'>(NEWS_KEY, { scheduled: ['true'] });
  const list = usePagedList<NewsArticle>(filters.key);
  const [editing, setEditing] = useState<NewsArticle | 'new' | null>(null);
  const del = useResourceDelete(news);

  return (
    <ResourceList
      title="News Management"
      description="Write, feature and publish articles for the site."
      add={{ label: 'Add Article', onClick: () => setEditing('new') }}
      server={{
        list,
        filters,
        toolbar: ['News', 'Search news', 'Title'],
        selects: { category: { label: 'Category', all: 'All Categories', options: CATEGORY_FILTER } },
        showingOnly: { scheduled: 'Showing only articles scheduled to go live.' },
        noMatch: noMatch(filters.values),
      }}
      texts={{
        loading: 'Loading news...',
        errorWhat: 'news',
        empty: 'No news articles yet. Add the first one.',
      }}
      render={(a) => (
        <ResourceCard
          media={
            a.imageUrl && (
              <img
                src={a.imageUrl}
                alt=""
                className="h-24 w-full rounded-md object-cover sm:w-36"
                loading="lazy"
              />
            )
          }
          title={<bdi>{a.title}</bdi>}
          titleClassName="text-lg"
          text={
            <p className="line-clamp-2 text-sm text-muted-foreground" dir="auto">
              {a.excerpt}
            </p>
          }
          badges={
            <>
              {a.featured && <Badge variant="warning">Featured</Badge>}
              <PublishBadge article={a} />
              <Badge variant="secondary">{categoryLabel(a.category)}</Badge>
              <span className="text-xs text-muted-foreground">{formatDate(a.publishDate)}</span>
            </>
          }
          actions={
            <RowActions
              resource={news}
              item={a}
              del={del}
              onEdit={setEditing}
              editLabel={`Edit ${a.title}`}
              editText
            />
          }
        />
      )}
    >
      <NewsDialog article={editing} onClose={() => setEditing(null)} />
    </ResourceList>
  );
}

export function NewsDialog({
  article,
  onClose,
}: {
  article: NewsArticle | 'new' | null;
  onClose: () => void;
}) {
  return (
    <ResourceDialog resource={news} entity={article} onClose={onClose} className="max-w-2xl">
      {(form, { setBusy }) => (
        <>
          <TextField form={form} name="title" label="Title" required />
          <TextField form={form} name="excerpt" label="Excerpt" required rows={2} />
          <TextField form={form} name="content" label="Content" required rows={6} />
          <FieldPair>
            <CategoryField form={form} />
            <TextField form={form} name="imageUrl" label="Image URL" placeholder="https://..." />
          </FieldPair>
          <FileUpload
            label="Upload Image"
            url="/api/upload"
            onUploadingChange={setBusy}
            onUploaded={(result) => form.setValue('imageUrl', result.url, { shouldDirty: true })}
          />
          <ImagePreview
            form={form}
            name="imageUrl"
            alt="Image preview"
            className="max-h-48 w-full rounded-md border border-border object-cover"
          />
          <SwitchField form={form} name="featured" label="Featured" hint="Show this article as featured" />
          <PublishFields form={form} />
        </>
      )}
    </ResourceDialog>
  );
}

import { useState } from 'react';
import { ExternalLink, File as FileIcon } from 'lucide-react';
import { mediaFileInput, type MediaFile, type MediaFileInput } from '@12yards/api';
import { Badge, Button } from '@12yards/ui';
import type { z } from 'zod';
import { useWatch } from 'react-hook-form';
import { formatKb } from '../lib/format';
import { FileUpload } from '../components/FileUpload';
import { MEDIA_KEY } from '../lib/upload';
import { HistorySection } from '../components/HistorySection';
import { usePagedList } from '../lib/pages';
import { useListFilters } from '../components/ListFilters';
import { useResourceDelete } from '../kit/resource';
import { ResourceList } from '../kit/ResourceList';
import { ResourceCard, RowActions } from '../kit/ResourceCard';
import { ResourceDialog, type FormResource, type ResourceForm } from '../kit/ResourceDialog';
import { TextField, errorOf } from '../kit/fields';

export { MEDIA_KEY };

type MediaFields = z.output<typeof mediaFileInput>;

export const media: FormResource<MediaFile, MediaFileInput, MediaFields> = {
  key: MEDIA_KEY,
  path: '/api/admin/media',
  what: 'media file',
  name: (m) => m.originalName,
  history: 'media',
  toTrash: true,
  schema: mediaFileInput,
  empty: { filename: '', originalName: '', mimeType: '', size: '', url: '', altText: '' },
  toForm: (m) => ({ ...m, size: String(m.size), altText: m.altText ?? '' }),
  fields: [],
  dialog: {
    title: ['Add Media File', 'Edit Media File'],
    description: 'Choose an image or drop it here: its name, type and size are read from the file.',
    submit: ['Add Media File', 'Update Media File'],
  },
};

export function MediaTab() {
  const filters = useListFilters<never>(MEDIA_KEY);
  const list = usePagedList<MediaFile>(filters.key);
  const [adding, setAdding] = useState(false);
  const del = useResourceDelete(media);

  return (
    <ResourceList
      title="Media Library"
      description="Files uploaded for the site."
      add={{ label: 'Add Media File', onClick: () => setAdding(true) }}
      server={{
        list,
        filters,
        toolbar: ['Media', 'Search media', 'File name or alt text'],
        noMatch: <>No media files match &quot;{filters.values.q}&quot;.</>,
      }}
      texts={{ loading: 'Loading media...', errorWhat: 'media', empty: 'No media files yet.' }}
      layout="tiles"
      render={(m) => (
        <ResourceCard
          layout="tile"
          media={
            <div className="flex aspect-video items-center justify-center bg-muted">
              {m.mimeType.startsWith('image/') ? (
                <img
                  src={m.url}
                  alt={m.altText || m.originalName}
                  className="h-full w-full object-cover"
                  loading="lazy"
                />
              ) : (
                <FileIcon className="size-10 text-muted-foreground" aria-hidden="true" />
              )}
            </div>
          }
          title={
            <span className="block truncate" title={m.originalName}>
              <bdi>{m.originalName}</bdi>
            </span>
          }
          badges={
            <>
              <Badge variant="outline">{m.mimeType}</Badge>
              <Badge variant="secondary">{formatKb(m.size)}</Badge>
            </>
          }
          actions={
            <RowActions
              resource={media}
              item={m}
              del={del}
              extra={
                <Button variant="link" size="sm" className="mr-auto px-0" asChild>
                  <a href={m.url} target="_blank" rel="noreferrer" aria-label={`View ${m.originalName}`}>
                    <ExternalLink aria-hidden="true" />
                    View
                  </a>
                </Button>
              }
            />
          }
          footer={<HistorySection entityType="media" id={m.id} name={m.originalName} />}
        />
      )}
    >
      <MediaDialog open={adding} onClose={() => setAdding(false)} />
    </ResourceList>
  );
}

export function MediaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ResourceDialog resource={media} entity={open ? 'new' : null} onClose={onClose}>
      {(form, { setBusy }) => (
        <>
          <FileUpload
            label="File"
            url="/api/admin/upload"
            onUploadingChange={setBusy}
            onUploaded={(r) => {
              const opts = { shouldValidate: true, shouldDirty: true };
              form.setValue('filename', r.filename, opts);
              form.setValue('originalName', r.originalName, opts);
              form.setValue('mimeType', r.mimeType, opts);
              form.setValue('size', String(r.size), opts);
              form.setValue('url', r.url, opts);
            }}
          />
          <FileRead form={form} />
          <TextField
            form={form}
            name="altText"
            label="Alt Text"
            hint="What the image shows, for screen readers."
          />
        </>
      )}
    </ResourceDialog>
  );
}

/** What the uploaded file is, as the server read it (name, type, size), or why there is nothing to add yet. */
function FileRead({ form }: { form: ResourceForm<MediaFileInput, MediaFields> }) {
  const [name, type, size, url] = useWatch({
    control: form.control,
    name: ['originalName', 'mimeType', 'size', 'url'],
  });
  if (!url) {
    return errorOf(form, 'url') || errorOf(form, 'filename') ? (
      <p role="alert" className="text-sm font-medium text-destructive">
        Choose or drop a file to upload first.
      </p>
    ) : null;
  }
  return (
    <dl aria-label="Uploaded file" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Name</dt>
      <dd className="min-w-0 break-words">
        <bdi>{name}</bdi>
      </dd>
      <dt className="text-muted-foreground">Type</dt>
      <dd>{type}</dd>
      <dt className="text-muted-foreground">Size</dt>
      <dd>{formatKb(Number(size))}</dd>
    </dl>
  );
}

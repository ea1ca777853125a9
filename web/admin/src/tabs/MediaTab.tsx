import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, File as FileIcon, Plus } from 'lucide-react';
import { mediaFileInput, type MediaFile, type MediaFileInput } from '@12yards/api';
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
} from '@12yards/ui';
import type { z } from 'zod';
import { useAdminMutation } from '../lib/api';
import { formatKb } from '../lib/format';
import { Field } from '../components/Field';
import { FileUpload, IMAGE_ACCEPT } from '../components/FileUpload';
import { useDenied } from '../lib/permissions';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { TRASH_KEY } from './TrashTab';
import { HistorySection } from '../components/HistorySection';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';
import { LoadMore } from '../components/LoadMore';
import { usePagedList } from '../lib/pages';
import { FilteredEmpty, SearchToolbar, useListFilters } from '../components/ListFilters';

export const MEDIA_KEY = ['/api/admin/media'];

export function MediaTab() {
  const filters = useListFilters<never>(MEDIA_KEY);
  const media = usePagedList<MediaFile>(filters.key);
  const [adding, setAdding] = useState(false);
  const deniedDelete = useDenied('delete', '/api/admin/media/{id}');
  const remove = useAdminMutation<MediaFile>({
    mutationFn: (write, m) => write('DELETE', `/api/admin/media/${m.id}`, undefined, { version: m.version }),
    invalidate: [MEDIA_KEY, TRASH_KEY],
    success: 'Media file moved to the trash',
    failure: 'Failed to delete media file',
  });

  return (
    <section>
      <TabHeader title="Media Library" description="Files uploaded for the site.">
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Media File
        </Button>
      </TabHeader>
      <SearchToolbar label="Media" placeholder="File name or alt text" filters={filters} />
      {media.isPending ? (
        <Loading text="Loading media..." />
      ) : media.isError ? (
        <LoadError what="media" error={media.error} onRetry={() => void media.refetch()} />
      ) : media.items.length === 0 ? (
        filters.active ? (
          <FilteredEmpty onClear={filters.clear}>
            No media files match &quot;{filters.values.q}&quot;.
          </FilteredEmpty>
        ) : (
          <Empty>No media files yet.</Empty>
        )
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {media.items.map((m) => (
              <li key={m.id}>
                <Card className="h-full overflow-hidden">
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
                  <CardContent className="grid gap-2 p-3">
                    <h3 className="truncate font-semibold" title={m.originalName}>
                      <bdi>{m.originalName}</bdi>
                    </h3>
                    <div className="flex flex-wrap gap-2">
                      <Badge variant="outline">{m.mimeType}</Badge>
                      <Badge variant="secondary">{formatKb(m.size)}</Badge>
                    </div>
                    <div className="flex items-center justify-between gap-2">
                      <Button variant="link" size="sm" className="px-0" asChild>
                        <a
                          href={m.url}
                          target="_blank"
                          rel="noreferrer"
                          aria-label={`View ${m.originalName}`}
                        >
                          <ExternalLink aria-hidden="true" />
                          View
                        </a>
                      </Button>
                      <ConfirmDelete
                        what="media file"
                        name={m.originalName}
                        toTrash
                        denied={deniedDelete}
                        onConfirm={() => remove.mutate(m)}
                      />
                    </div>
                    <HistorySection entityType="media" id={m.id} name={m.originalName} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={media} />
        </>
      )}
      <MediaDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

type MediaFields = z.output<typeof mediaFileInput>;
const emptyMedia: MediaFileInput = {
  filename: '',
  originalName: '',
  mimeType: '',
  size: '',
  url: '',
  altText: '',
};

export function MediaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { register, handleSubmit, reset, setValue, formState } = useForm<
    MediaFileInput,
    unknown,
    MediaFields
  >({
    resolver: zodResolver(mediaFileInput),
    defaultValues: emptyMedia,
  });
  const { errors } = formState;
  const [uploading, setUploading] = useState(false);
  const close = () => {
    reset(emptyMedia);
    onClose();
  };
  const create = useAdminMutation<MediaFields>({
    mutationFn: (write, body) => write('POST', '/api/admin/media', body),
    invalidate: [MEDIA_KEY],
    success: 'Media file created successfully',
    failure: 'Failed to create media file',
    onSuccess: close,
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Media File</DialogTitle>
          <DialogDescription>Upload a file to fill in its details, or enter them by hand.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit((body) => create.mutate(body))} className="grid gap-4">
          <FileUpload
            label="File"
            url="/api/admin/upload"
            accept={IMAGE_ACCEPT}
            failure="Failed to upload image"
            onUploadingChange={setUploading}
            onUploaded={(r) => {
              const opts = { shouldValidate: true, shouldDirty: true };
              setValue('filename', r.filename, opts);
              setValue('originalName', r.originalName, opts);
              setValue('mimeType', r.mimeType, opts);
              setValue('size', String(r.size), opts);
              setValue('url', r.url, opts);
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Filename" required error={errors.filename?.message}>
              <Input {...register('filename')} />
            </Field>
            <Field label="Original Name" required error={errors.originalName?.message}>
              <Input {...register('originalName')} />
            </Field>
            <Field label="MIME Type" required error={errors.mimeType?.message}>
              <Input placeholder="image/png" {...register('mimeType')} />
            </Field>
            <Field label="Size (bytes)" required error={errors.size?.message}>
              <Input type="number" min={0} step={1} {...register('size')} />
            </Field>
          </div>
          <Field label="URL" required error={errors.url?.message}>
            <Input {...register('url')} />
          </Field>
          <Field label="Alt Text" error={errors.altText?.message}>
            <Input {...register('altText')} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || uploading}>
              {create.isPending ? 'Saving...' : 'Add Media File'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

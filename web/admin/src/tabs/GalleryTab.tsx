import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { galleryInput, type GalleryFields, type GalleryInput, type GalleryItem } from '@12yards/api';
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
  Switch,
  Textarea,
} from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { Field, SwitchRow } from '../components/Field';
import { FileUpload, IMAGE_ACCEPT } from '../components/FileUpload';
import { useDenied } from '../lib/permissions';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { ListSearch } from '../components/ListSearch';
import { ListToolbar } from '../components/ListFilters';
import { filterByText } from '../lib/text-filter';
import { TRASH_KEY } from './TrashTab';
import { HistorySection } from '../components/HistorySection';
import { useEditConflict, type ConflictField } from '../components/EditConflict';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';

export const GALLERY_KEY = ['/api/admin/app-gallery'];

export function GalleryTab() {
  const gallery = useQuery<GalleryItem[]>({ queryKey: GALLERY_KEY });
  const [editing, setEditing] = useState<GalleryItem | 'new' | null>(null);
  const deniedDelete = useDenied('delete', '/api/admin/app-gallery/{id}');
  const [q, setQ] = useState('');
  const shown = filterByText(gallery.data ?? [], q, (g) => [g.description, g.platformName]);
  const remove = useAdminMutation<GalleryItem>({
    mutationFn: (write, g) =>
      write('DELETE', `/api/admin/app-gallery/${g.id}`, undefined, { version: g.version }),
    invalidate: [GALLERY_KEY, ['/api/app-gallery'], TRASH_KEY],
    success: 'Screenshot moved to the trash',
    failure: 'Failed to delete screenshot',
  });

  return (
    <section>
      <TabHeader title="App Gallery" description="Screenshots shown in the site's App Gallery.">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Screenshot
        </Button>
      </TabHeader>
      {gallery.isPending ? (
        <Loading text="Loading app gallery..." />
      ) : gallery.isError ? (
        <LoadError what="the app gallery" error={gallery.error} onRetry={() => void gallery.refetch()} />
      ) : gallery.data.length === 0 ? (
        <Empty>No screenshots uploaded yet.</Empty>
      ) : (
        <>
          <ListToolbar label="Screenshots">
            <ListSearch label="Search screenshots" placeholder="Description or platform" onSearch={setQ} />
          </ListToolbar>
          <p className="mb-3 text-sm text-muted-foreground">Found {shown.length} screenshot(s)</p>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((g) => (
              <li key={g.id}>
                <Card className="h-full overflow-hidden">
                  <div className="flex h-72 w-full items-center justify-center bg-night">
                    <img
                      src={g.imageUrl}
                      alt={g.description || 'App screenshot'}
                      className="h-full w-full object-contain"
                      loading="lazy"
                    />
                  </div>
                  <CardContent className="grid gap-2 p-3">
                    <p className="line-clamp-2 text-sm">
                      {g.description ? (
                        <bdi>{g.description}</bdi>
                      ) : (
                        <span className="text-muted-foreground">No description</span>
                      )}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      {g.platformName && (
                        <Badge variant="outline">
                          <bdi>{g.platformName}</bdi>
                        </Badge>
                      )}
                      <Badge variant="outline">Order: {g.sortOrder ?? '-'}</Badge>
                      {g.isActive ? (
                        <Badge variant="success">Active</Badge>
                      ) : (
                        <Badge variant="secondary">Inactive</Badge>
                      )}
                    </div>
                    <div className="flex justify-end gap-2">
                      <Button
                        variant="outline"
                        size="icon"
                        onClick={() => setEditing(g)}
                        aria-label={`Edit screenshot ${g.description ?? g.id}`}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <ConfirmDelete
                        what="screenshot"
                        toTrash
                        denied={deniedDelete}
                        onConfirm={() => remove.mutate(g)}
                      />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <GalleryDialog item={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

const emptyItem: GalleryInput = {
  imageUrl: '',
  description: '',
  platformName: '',
  sortOrder: '',
  isActive: true,
};

const galleryForm = (g: GalleryItem): GalleryInput => ({
  imageUrl: g.imageUrl,
  description: g.description ?? '',
  platformName: g.platformName ?? '',
  sortOrder: g.sortOrder ?? '',
  isActive: g.isActive,
});
const GALLERY_FIELDS: ConflictField<GalleryInput>[] = [
  { name: 'imageUrl', label: 'Screenshot Image' },
  { name: 'description', label: 'Description' },
  { name: 'platformName', label: 'Platform' },
  { name: 'sortOrder', label: 'Order' },
  { name: 'isActive', label: 'Active' },
];

export function GalleryDialog({ item, onClose }: { item: GalleryItem | 'new' | null; onClose: () => void }) {
  const isNew = item === 'new';
  const form = useForm<GalleryInput, unknown, GalleryFields>({
    resolver: zodResolver(galleryInput),
    defaultValues: emptyItem,
  });
  const { register, control, handleSubmit, reset, setValue, formState } = form;
  const { errors } = formState;
  const [uploading, setUploading] = useState(false);
  const imageUrl = useWatch({ control, name: 'imageUrl' });
  useEffect(() => {
    if (item) reset(item === 'new' ? emptyItem : galleryForm(item));
  }, [item, reset]);
  const conflict = useEditConflict({
    entity: item,
    form,
    toForm: galleryForm,
    fields: GALLERY_FIELDS,
    listKey: GALLERY_KEY,
    what: 'screenshot',
  });
  const save = useAdminMutation<GalleryFields>({
    mutationFn: (write, body) =>
      isNew
        ? write('POST', '/api/admin/app-gallery', body)
        : write('PUT', `/api/admin/app-gallery/${conflict.entity!.id}`, body, { version: conflict.version }),
    invalidate: [GALLERY_KEY, ['/api/app-gallery']],
    success: isNew ? 'Screenshot added successfully' : 'Screenshot updated successfully',
    failure: isNew ? 'Failed to add screenshot' : 'Failed to update screenshot',
    onSuccess: onClose,
    onStale: conflict.onStale,
  });

  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isNew ? 'Add Screenshot' : 'Edit Screenshot'}</DialogTitle>
          <DialogDescription>
            {isNew ? 'Upload an image of the app.' : 'Change the details or replace the image.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))} className="grid gap-4">
          <FileUpload
            label="Screenshot Image"
            url="/api/admin/upload"
            accept={IMAGE_ACCEPT}
            failure="Failed to upload image"
            onUploadingChange={setUploading}
            onUploaded={(r) => setValue('imageUrl', r.url, { shouldValidate: true, shouldDirty: true })}
          />
          {errors.imageUrl?.message && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.imageUrl.message}
            </p>
          )}
          {imageUrl && (
            <img
              src={imageUrl}
              alt="Screenshot preview"
              className="mx-auto max-h-60 rounded-md border border-border"
            />
          )}
          <Field label="Description" error={errors.description?.message}>
            <Textarea rows={2} className="min-h-16" {...register('description')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Platform" error={errors.platformName?.message}>
              <Input placeholder="iOS, Android or Web" {...register('platformName')} />
            </Field>
            <Field label="Order" error={errors.sortOrder?.message}>
              <Input type="number" step={1} {...register('sortOrder')} />
            </Field>
          </div>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <SwitchRow label="Active" hint="Show this screenshot in the gallery">
                <Switch checked={!!field.value} onCheckedChange={field.onChange} />
              </SwitchRow>
            )}
          />
          {conflict.panel}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || uploading}>
              {save.isPending ? 'Saving...' : isNew ? 'Add Screenshot' : 'Update Screenshot'}
            </Button>
          </DialogFooter>
        </form>
        {item && item !== 'new' && (
          <HistorySection entityType="gallery-item" id={item.id} name={item.description ?? undefined} />
        )}
      </DialogContent>
    </Dialog>
  );
}

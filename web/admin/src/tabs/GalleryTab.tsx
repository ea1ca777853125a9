import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { galleryInput, type GalleryFields, type GalleryInput, type GalleryItem } from '@12yards/api';
import { Badge } from '@12yards/ui';
import { FileUpload } from '../components/FileUpload';
import { ListSearch } from '../components/ListSearch';
import { ListToolbar } from '../components/ListFilters';
import { filterByText } from '../lib/text-filter';
import { useResourceDelete } from '../kit/resource';
import { ResourceList } from '../kit/ResourceList';
import { ResourceCard, RowActions } from '../kit/ResourceCard';
import { ResourceDialog, type FormResource } from '../kit/ResourceDialog';
import { FieldPair, ImagePreview, SwitchField, TextField, errorOf } from '../kit/fields';
import { ActiveBadge } from '../kit/badges';

export const GALLERY_KEY = ['/api/admin/app-gallery'];

export const gallery: FormResource<GalleryItem, GalleryInput, GalleryFields> = {
  key: GALLERY_KEY,
  path: '/api/admin/app-gallery',
  refresh: [['/api/app-gallery']],
  what: 'screenshot',
  name: (g) => g.description ?? undefined,
  history: 'gallery-item',
  toTrash: true,
  schema: galleryInput,
  empty: { imageUrl: '', description: '', platformName: '', sortOrder: '', isActive: true },
  toForm: (g) => ({
    imageUrl: g.imageUrl,
    description: g.description ?? '',
    platformName: g.platformName ?? '',
    sortOrder: g.sortOrder ?? '',
    isActive: g.isActive,
  }),
  fields: [
    { name: 'imageUrl', label: 'Screenshot Image' },
    { name: 'description', label: 'Description' },
    { name: 'platformName', label: 'Platform' },
    { name: 'sortOrder', label: 'Order' },
    { name: 'isActive', label: 'Active' },
  ],
  createVerb: 'add',
  dialog: {
    title: ['Add Screenshot', 'Edit Screenshot'],
    description: ['Upload an image of the app.', 'Change the details or replace the image.'],
    submit: ['Add Screenshot', 'Update Screenshot'],
  },
};

export function GalleryTab() {
  const list = useQuery<GalleryItem[]>({ queryKey: GALLERY_KEY });
  const [editing, setEditing] = useState<GalleryItem | 'new' | null>(null);
  const del = useResourceDelete(gallery);
  const [q, setQ] = useState('');
  const shown = filterByText(list.data ?? [], q, (g) => [g.description, g.platformName]);

  return (
    <ResourceList
      title="App Gallery"
      description="Screenshots shown in the site's App Gallery."
      add={{ label: 'Add Screenshot', onClick: () => setEditing('new') }}
      query={list}
      items={shown}
      texts={{
        loading: 'Loading app gallery...',
        errorWhat: 'the app gallery',
        empty: 'No screenshots uploaded yet.',
      }}
      filtered={{ active: (list.data?.length ?? 0) > 0, empty: <>No screenshots match &quot;{q}&quot;.</> }}
      toolbar={
        !!list.data?.length && (
          <ListToolbar label="Screenshots">
            <ListSearch label="Search screenshots" placeholder="Description or platform" onSearch={setQ} />
          </ListToolbar>
        )
      }
      summary={
        list.data?.length ? (
          <p className="mb-3 text-sm text-muted-foreground">Found {shown.length} screenshot(s)</p>
        ) : null
      }
      layout="tiles"
      render={(g) => (
        <ResourceCard
          layout="tile"
          media={
            <div className="flex h-72 w-full items-center justify-center bg-night">
              <img
                src={g.imageUrl}
                alt={g.description || 'App screenshot'}
                className="h-full w-full object-contain"
                loading="lazy"
              />
            </div>
          }
          text={
            <p className="line-clamp-2 text-sm">
              {g.description ? (
                <bdi>{g.description}</bdi>
              ) : (
                <span className="text-muted-foreground">No description</span>
              )}
            </p>
          }
          badges={
            <>
              {g.platformName && (
                <Badge variant="outline">
                  <bdi>{g.platformName}</bdi>
                </Badge>
              )}
              <Badge variant="outline">Order: {g.sortOrder ?? '-'}</Badge>
              <ActiveBadge active={g.isActive} />
            </>
          }
          actions={
            <RowActions resource={gallery} item={g} del={del} onEdit={setEditing} deleteNamed={false} />
          }
        />
      )}
    >
      <GalleryDialog item={editing} onClose={() => setEditing(null)} />
    </ResourceList>
  );
}

export function GalleryDialog({ item, onClose }: { item: GalleryItem | 'new' | null; onClose: () => void }) {
  return (
    <ResourceDialog resource={gallery} entity={item} onClose={onClose}>
      {(form, { setBusy }) => (
        <>
          <FileUpload
            label="Screenshot Image"
            url="/api/admin/upload"
            onUploadingChange={setBusy}
            onUploaded={(r) => form.setValue('imageUrl', r.url, { shouldValidate: true, shouldDirty: true })}
          />
          {errorOf(form, 'imageUrl') && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorOf(form, 'imageUrl')}
            </p>
          )}
          <ImagePreview
            form={form}
            name="imageUrl"
            alt="Screenshot preview"
            className="mx-auto max-h-60 rounded-md border border-border"
          />
          <TextField form={form} name="description" label="Description" rows={2} />
          <FieldPair>
            <TextField form={form} name="platformName" label="Platform" placeholder="iOS, Android or Web" />
            <TextField form={form} name="sortOrder" label="Order" type="number" />
          </FieldPair>
          <SwitchField
            form={form}
            name="isActive"
            label="Active"
            hint="Show this screenshot in the gallery"
          />
        </>
      )}
    </ResourceDialog>
  );
}

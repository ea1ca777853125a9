import { fieldItemDecider, type FieldItemCommand, type FieldItemState } from '../field-item';
import { galleryFieldKeys, type GalleryEvent, type GalleryItemFields } from './events';

export type GalleryCommand = FieldItemCommand<
  GalleryItemFields,
  'AddGalleryItem',
  'UpdateGalleryItem',
  'RemoveGalleryItem'
>;
export type GalleryState = FieldItemState<GalleryItemFields>;

export const galleryDecider = fieldItemDecider<
  GalleryItemFields,
  GalleryEvent,
  'AddGalleryItem',
  'UpdateGalleryItem',
  'RemoveGalleryItem'
>({
  noun: 'gallery item',
  keys: galleryFieldKeys,
  commands: { create: 'AddGalleryItem', update: 'UpdateGalleryItem', delete: 'RemoveGalleryItem' },
  events: { created: 'GalleryItemAdded', updated: 'GalleryItemUpdated', deleted: 'GalleryItemRemoved' },
});
export const { decide, initialState } = galleryDecider;

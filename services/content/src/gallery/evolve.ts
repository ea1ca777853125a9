import { pickFields } from '@12yards/platform';
import { galleryFieldKeys, type GalleryEvent, type GalleryItemFields } from './events';

export type GalleryState =
  { status: 'none' } | { status: 'live'; fields: GalleryItemFields } | { status: 'removed' };

export const initialState = (): GalleryState => ({ status: 'none' });

export const pickGalleryFields = (data: GalleryItemFields): GalleryItemFields =>
  pickFields(data, galleryFieldKeys);

export function evolve(state: GalleryState, event: GalleryEvent): GalleryState {
  switch (event.type) {
    case 'GalleryItemAdded':
      return { status: 'live', fields: pickGalleryFields(event.data) };
    case 'GalleryItemUpdated':
      return state.status === 'live' ? { status: 'live', fields: pickGalleryFields(event.data) } : state;
    case 'GalleryItemRemoved':
      return { status: 'removed' };
  }
}

import { galleryDecider } from './decide';
import type { GalleryEvent } from './events';
import { trashable, type TrashEvent } from '@12yards/workbench';

/** Every event of a screenshot's stream: its own, and going to and coming back from the trash. */
export type GalleryStreamEvent = GalleryEvent | TrashEvent<'GalleryItem'>;

/** The gallery item aggregate with its trash: what the routes run. */
export const trashableGalleryDecider = trashable(galleryDecider, {
  noun: 'gallery item',
  prefix: 'GalleryItem',
  purge: 'RemoveGalleryItem',
});

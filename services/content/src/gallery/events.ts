import { pickFields } from '@12yards/platform';

export interface GalleryItemFields {
  imageUrl: string;
  description: string | null;
  platformName: string | null;
  /** Null when the admin left it empty; it then sorts as 0. */
  sortOrder: number | null;
  isActive: boolean;
}

export const galleryFieldKeys = [
  'imageUrl',
  'description',
  'platformName',
  'sortOrder',
  'isActive',
] as const satisfies readonly (keyof GalleryItemFields)[];

/** The item's fields of an event's data (which carries its id and time besides). */
export const pickGalleryFields = (data: GalleryItemFields): GalleryItemFields =>
  pickFields(data, galleryFieldKeys);

export type GalleryItemAdded = {
  type: 'GalleryItemAdded';
  data: { id: string } & GalleryItemFields & { at: string };
};
export type GalleryItemUpdated = {
  type: 'GalleryItemUpdated';
  data: { id: string } & GalleryItemFields & { at: string };
};
export type GalleryItemRemoved = { type: 'GalleryItemRemoved'; data: { id: string; at: string } };

export type GalleryEvent = GalleryItemAdded | GalleryItemUpdated | GalleryItemRemoved;

export const galleryStreamId = (id: string) => `gallery-${id}`;

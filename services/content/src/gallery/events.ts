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

import { NotFound, type Decider } from '@12yards/platform';
import { galleryFieldKeys, type GalleryEvent, type GalleryItemFields } from './events';
import { evolve, initialState, type GalleryState } from './evolve';

export type GalleryCommand =
  | { type: 'AddGalleryItem'; id: string; fields: GalleryItemFields; at: Date }
  | { type: 'UpdateGalleryItem'; id: string; fields: GalleryItemFields; at: Date }
  | { type: 'RemoveGalleryItem'; id: string; at: Date };

const missing = (id: string) => new NotFound(`No gallery item with id ${id}`);

export function decide(command: GalleryCommand, state: GalleryState): GalleryEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'AddGalleryItem':
      if (state.status !== 'none') return []; // the same addition twice changes nothing
      return [{ type: 'GalleryItemAdded', data: { id: command.id, ...command.fields, at } }];
    case 'UpdateGalleryItem':
      if (state.status !== 'live') throw missing(command.id);
      if (galleryFieldKeys.every((k) => command.fields[k] === state.fields[k])) return [];
      return [{ type: 'GalleryItemUpdated', data: { id: command.id, ...command.fields, at } }];
    case 'RemoveGalleryItem':
      if (state.status !== 'live') throw missing(command.id);
      return [{ type: 'GalleryItemRemoved', data: { id: command.id, at } }];
  }
}

export const galleryDecider: Decider<GalleryState, GalleryCommand, GalleryEvent> = {
  initialState,
  decide,
  evolve,
};

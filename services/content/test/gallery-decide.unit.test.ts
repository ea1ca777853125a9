import { NotFound, fold } from '@12yards/platform';
import { decide, galleryDecider, initialState } from '../src/gallery/decide';
import type { GalleryEvent, GalleryItemFields } from '../src/gallery/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const fields: GalleryItemFields = {
  imageUrl: '/media/shot-1.png',
  description: 'Match day screen',
  platformName: 'iOS',
  sortOrder: null,
  isActive: true,
};
const added: GalleryEvent = { type: 'GalleryItemAdded', data: { id: 'g1', ...fields, at: iso } };

describe('app gallery decide/evolve', () => {
  it('Given no item, when one is added, then GalleryItemAdded carries its fields, sortOrder null included', () => {
    expect(decide({ type: 'AddGalleryItem', id: 'g1', fields, at }, initialState())).toEqual([added]);
  });

  it('Given an item, when it is added again with the same id, then nothing is decided', () => {
    expect(decide({ type: 'AddGalleryItem', id: 'g1', fields, at }, fold(galleryDecider, [added]))).toEqual(
      [],
    );
  });

  it('Given an item, when it is reordered, then GalleryItemUpdated; unchanged, then nothing', () => {
    const state = fold(galleryDecider, [added]);
    const edit = { ...fields, sortOrder: 2 };
    expect(decide({ type: 'UpdateGalleryItem', id: 'g1', fields: edit, at }, state)).toEqual([
      { type: 'GalleryItemUpdated', data: { id: 'g1', ...edit, at: iso } },
    ]);
    expect(decide({ type: 'UpdateGalleryItem', id: 'g1', fields: { ...fields }, at }, state)).toEqual([]);
  });

  it('Given an item, when it is removed, then GalleryItemRemoved; after that, edits and removals are 404', () => {
    const events = decide({ type: 'RemoveGalleryItem', id: 'g1', at }, fold(galleryDecider, [added]));
    expect(events).toEqual([{ type: 'GalleryItemRemoved', data: { id: 'g1', at: iso } }]);
    const removed = fold(galleryDecider, [added, ...events]);
    expect(() => decide({ type: 'UpdateGalleryItem', id: 'g1', fields, at }, removed)).toThrow(NotFound);
    expect(() => decide({ type: 'RemoveGalleryItem', id: 'g1', at }, removed)).toThrow(NotFound);
  });

  it('Given a history, when it is folded, then the state holds the last fields', () => {
    const updated: GalleryEvent = {
      type: 'GalleryItemUpdated',
      data: { id: 'g1', ...fields, isActive: false, at: iso },
    };
    expect(fold(galleryDecider, [added, updated])).toEqual({
      status: 'live',
      fields: { ...fields, isActive: false },
    });
  });
});

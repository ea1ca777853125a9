import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { galleryDecider } from '../src/gallery/decide';
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
const given = DeciderSpecification.for(galleryDecider);

describe('app gallery decide/evolve', () => {
  it('Given no item, when one is added, then GalleryItemAdded carries its fields, sortOrder null included', () => {
    given([]).when({ type: 'AddGalleryItem', id: 'g1', fields, at }).then([added]);
  });

  it('Given an item, when it is added again with the same id, then nothing is decided', () => {
    given([added]).when({ type: 'AddGalleryItem', id: 'g1', fields, at }).thenNothingHappened();
  });

  it('Given an item, when it is reordered, then GalleryItemUpdated; unchanged, then nothing', () => {
    const item = given([added]);
    const edit = { ...fields, sortOrder: 2 };
    item
      .when({ type: 'UpdateGalleryItem', id: 'g1', fields: edit, at })
      .then([{ type: 'GalleryItemUpdated', data: { id: 'g1', ...edit, at: iso } }]);
    item.when({ type: 'UpdateGalleryItem', id: 'g1', fields: { ...fields }, at }).thenNothingHappened();
  });

  it('Given an item, when it is removed, then GalleryItemRemoved; after that, edits and removals are 404', () => {
    const { events } = given([added])
      .when({ type: 'RemoveGalleryItem', id: 'g1', at })
      .then([{ type: 'GalleryItemRemoved', data: { id: 'g1', at: iso } }]);
    const removed = given([added, ...events]);
    removed.when({ type: 'UpdateGalleryItem', id: 'g1', fields, at }).thenThrows(NotFound);
    removed.when({ type: 'RemoveGalleryItem', id: 'g1', at }).thenThrows(NotFound);
  });

  it('Given a history, when it is folded, then the state holds the last fields', () => {
    const updated: GalleryEvent = {
      type: 'GalleryItemUpdated',
      data: { id: 'g1', ...fields, isActive: false, at: iso },
    };
    expect(given([added, updated]).state).toEqual({
      status: 'live',
      fields: { ...fields, isActive: false },
    });
  });
});

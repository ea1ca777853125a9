import type { StoredEvent } from '@12yards/platform';
import { decide } from '../src/reference/decide';
import { referenceIn, uploadIdFromUrl } from '../src/reference/content';

const id = '0b0f8c8e-5a43-4c55-9d0e-1f2a3b4c5d6e';
const at = new Date('2026-11-22T10:00:00.000Z');
const event = (type: string, data: unknown) =>
  ({
    id: 'e1',
    type,
    streamId: 'news-1',
    version: 1,
    position: 1,
    occurredAt: '',
    data,
    meta: {},
  }) as StoredEvent;

describe('references from other services', () => {
  it.each([
    [`/media/${id}.png`, id],
    [`/media/${id}.jpg?w=480`, id],
    [`https://12yards.example/media/${id}.webp`, id],
    ['https://cdn.example.com/kit.jpg', null],
    ['/media/not-an-upload.png', null],
    [`/api/media/${id}.png`, null],
    ['', null],
    [null, null],
  ])('When an image address is %p, then it points at upload %p', (url, expected) => {
    expect(uploadIdFromUrl(url)).toBe(expected);
  });

  it('When an event carries imageUrl, then it sets the reference; Deleted/Removed drop it; others say nothing', () => {
    expect(referenceIn(event('NewsArticlePublished', { id: '1', imageUrl: `/media/${id}.png` }))).toBe(id);
    expect(referenceIn(event('NewsArticleUpdated', { id: '1', imageUrl: null }))).toBeNull();
    expect(referenceIn(event('NewsArticleDeleted', { id: '1' }))).toBeNull();
    expect(referenceIn(event('GalleryItemRemoved', { id: '1' }))).toBeNull();
    expect(referenceIn(event('FaqCreated', { id: '1', question: 'q' }))).toBeUndefined();
  });

  it('Given a reference, when the same upload is set again, then nothing is decided; a change records both', () => {
    expect(
      decide({ type: 'SetReference', source: 'content:news-1', uploadId: id, at }, { uploadId: id }),
    ).toEqual([]);
    expect(
      decide({ type: 'SetReference', source: 'content:news-1', uploadId: null, at }, { uploadId: id }),
    ).toEqual([
      {
        type: 'MediaReferenceChanged',
        data: { source: 'content:news-1', uploadId: null, previousUploadId: id, at: at.toISOString() },
      },
    ]);
  });
});

import { DeciderSpecification } from '@12yards/platform/testing';
import { referenceIn, uploadIdFromUrl } from '../src/reactions/content-events';
import { referenceDecider } from '../src/reference/decide';
import type { ReferenceEvent } from '../src/reference/events';

const id = '0b0f8c8e-5a43-4c55-9d0e-1f2a3b4c5d6e';
const at = new Date('2026-11-22T10:00:00.000Z');

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

  it('When a news article or screenshot changes, then its image is the reference; a deletion drops it; others say nothing', () => {
    const v = 1 as const;
    const imageUrl = `/media/${id}.png`;
    expect(referenceIn({ type: 'NewsArticleChanged', version: v, data: { articleId: '1', imageUrl } })).toBe(
      id,
    );
    expect(referenceIn({ type: 'GalleryItemChanged', version: v, data: { itemId: '1', imageUrl } })).toBe(id);
    expect(
      referenceIn({ type: 'NewsArticleChanged', version: v, data: { articleId: '1', imageUrl: null } }),
    ).toBeNull();
    expect(referenceIn({ type: 'NewsArticleDeleted', version: v, data: { articleId: '1' } })).toBeNull();
    expect(referenceIn({ type: 'GalleryItemRemoved', version: v, data: { itemId: '1' } })).toBeNull();
    expect(referenceIn({ type: 'FaqChanged', version: v, data: { faqId: '1' } })).toBeUndefined();
  });

  it('Given a reference, when the same upload is set again, then nothing is decided; a change records both', () => {
    const set: ReferenceEvent = {
      type: 'MediaReferenceChanged',
      data: { source: 'content:news-1', uploadId: id, previousUploadId: null, at: at.toISOString() },
    };
    const reference = DeciderSpecification.for(referenceDecider)([set]);
    reference
      .when({ type: 'SetReference', source: 'content:news-1', uploadId: id, at })
      .thenNothingHappened();
    reference.when({ type: 'SetReference', source: 'content:news-1', uploadId: null, at }).then([
      {
        type: 'MediaReferenceChanged',
        data: { source: 'content:news-1', uploadId: null, previousUploadId: id, at: at.toISOString() },
      },
    ]);
  });
});

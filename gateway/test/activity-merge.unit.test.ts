import type { ActivityEntry, WorkbenchService } from '@12yards/api';
import { mergePages } from '../src/activity';

const entry = (service: WorkbenchService, position: number, minute: number): ActivityEntry => ({
  id: `${service}-${position}`,
  at: new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString(),
  actor: 'admin',
  type: 'Changed',
  summary: 'Title changed',
  changes: {},
  entityType: service === 'content' ? 'news' : 'partner',
  entityId: String(position),
  entityLabel: null,
  position,
  service,
});
const ids = (entries: ActivityEntry[]) => entries.map((e) => e.id);

describe('merging the services pages of the activity feed', () => {
  it('When two services have changes, then the page is newest first and each service stands right after what was taken', () => {
    const content = {
      service: 'content' as const,
      entries: [entry('content', 9, 50), entry('content', 8, 20)],
      more: true,
    };
    const partners = {
      service: 'partners' as const,
      entries: [entry('partners', 4, 40), entry('partners', 3, 30)],
      more: false,
    };
    const { items, next, more } = mergePages([content, partners], {}, 3);
    expect(ids(items)).toEqual(['content-9', 'partners-4', 'partners-3']);
    // content: its next page starts before 9 (8 was not taken); partners: all taken and no more.
    expect(next).toEqual({ content: 9, partners: 0 });
    expect(more).toBe(true);
  });

  it('When changes happen at the same instant, then the order is by service, then newest position first', () => {
    const content = {
      service: 'content' as const,
      entries: [entry('content', 7, 5), entry('content', 6, 5)],
      more: false,
    };
    const partners = { service: 'partners' as const, entries: [entry('partners', 2, 5)], more: false };
    const { items, next, more } = mergePages([partners, content], {}, 10);
    expect(ids(items)).toEqual(['content-7', 'content-6', 'partners-2']);
    expect(next).toEqual({ content: 0, partners: 0 });
    expect(more).toBe(false);
  });

  it('When a service did not answer, then it keeps the place it had in the cursor', () => {
    const content = { service: 'content' as const, entries: [entry('content', 5, 1)], more: true };
    const { next } = mergePages([content], { content: 12, media: 40 }, 1);
    expect(next).toEqual({ content: 5, media: 40 });
    const none = mergePages([{ service: 'content', entries: [], more: false }], { media: 40 }, 5);
    expect(none).toEqual({ items: [], next: { content: 0, media: 40 }, more: false });
  });
});

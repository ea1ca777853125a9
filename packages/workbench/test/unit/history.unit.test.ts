import {
  actorOf,
  defaultSummary,
  defineEntityHistory,
  diffFields,
  entityOfStream,
  foldHistory,
  mergeEventData,
} from '../../src/history/history';
import type { EventMeta, StoredEvent } from '@12yards/platform';

let position = 0;
const event = (type: string, data: object, meta: EventMeta = { actor: 'alice' }): StoredEvent => ({
  id: `e${++position}`,
  type,
  streamId: 'news-1',
  version: position,
  position,
  occurredAt: new Date(Date.UTC(2026, 10, 24, 10, position)).toISOString(),
  data,
  meta,
});

const article = { title: 'Hello', excerpt: 'Short', published: false };
const news = defineEntityHistory({
  entityType: 'news',
  streamPrefix: 'news-',
  label: (fields) => (typeof fields.title === 'string' ? fields.title : null),
});

describe('history of an entity from its events', () => {
  it('When an article is drafted, edited twice and published, then each event is one entry with its field diffs', () => {
    const events = [
      event('NewsArticleDrafted', { id: '1', ...article, at: 'x' }),
      event('NewsArticleUpdated', { id: '1', ...article, title: 'Hello world', at: 'y' }),
      event('NewsArticleUpdated', { id: '1', ...article, title: 'Hello world', excerpt: 'Longer', at: 'z' }),
      event('NewsArticleUpdated', {
        id: '1',
        ...article,
        title: 'Hello world',
        excerpt: 'Longer',
        published: true,
      }),
    ];
    const { entries, fields } = foldHistory(news, events);
    expect(entries.map((e) => [e.type, e.summary, e.actor])).toEqual([
      ['NewsArticleDrafted', 'Created', 'alice'],
      ['NewsArticleUpdated', 'Title changed', 'alice'],
      ['NewsArticleUpdated', 'Excerpt changed', 'alice'],
      ['NewsArticleUpdated', 'Published', 'alice'],
    ]);
    expect(entries[0]!.changes).toEqual({
      title: { from: null, to: 'Hello' },
      excerpt: { from: null, to: 'Short' },
      published: { from: null, to: false },
    });
    expect(entries[1]!.changes).toEqual({ title: { from: 'Hello', to: 'Hello world' } });
    expect(entries[3]!.changes).toEqual({ published: { from: false, to: true } });
    expect(entries[3]).toMatchObject({ id: events[3]!.id, at: events[3]!.occurredAt });
    expect(news.label(fields, '1')).toBe('Hello world');
  });

  it('When values are equal objects or arrays, then they are no change; an absent field counts as null', () => {
    expect(diffFields({ tags: ['a'], at: { d: 1 }, gone: null }, { tags: ['a'], at: { d: 1 } })).toEqual({});
    expect(diffFields({ tags: ['a'] }, { tags: ['a', 'b'], extra: 0 })).toEqual({
      tags: { from: ['a'], to: ['a', 'b'] },
      extra: { from: null, to: 0 },
    });
  });

  it('When an event carries ids, times and bookkeeping, then only the fields a person sees are merged', () => {
    const merged = mergeEventData(
      { status: 'Pending' },
      {
        type: 'PartnerStatusChanged',
        data: { id: 'p', status: 'Partner', previousStatus: 'Pending', at: 't' },
      },
      ['previousStatus'],
    );
    expect(merged).toEqual({ status: 'Partner' });
  });

  it('When a status field changes, then the summary names both values; several fields are listed', () => {
    expect(
      defaultSummary('PartnerStatusChanged', { status: { from: 'Pending', to: 'Partner' } }, false),
    ).toBe('Status: Pending → Partner');
    expect(
      defaultSummary(
        'PartnerPromoted',
        { status: { from: 'Pending', to: 'Partner' }, activeContracts: { from: 0, to: 1 } },
        false,
      ),
    ).toBe('Status: Pending → Partner; active contracts changed');
    const many = { title: {}, excerpt: {}, imageUrl: {}, content: {}, category: {} } as never;
    expect(defaultSummary('NewsArticleUpdated', many, false)).toBe(
      'Title, excerpt, image URL and 2 more changed',
    );
    expect(defaultSummary('X', { title: {}, content: {} } as never, false)).toBe('Title and content changed');
    expect(defaultSummary('NewsArticleUpdated', { published: { from: true, to: false } }, false)).toBe(
      'Unpublished',
    );
    expect(
      defaultSummary('FaqUpdated', { isActive: { from: true, to: false } }, false, {
        flags: { isActive: ['Activated', 'Deactivated'] },
      }),
    ).toBe('Deactivated');
  });

  it('When a status field has words for its values, then the summary uses them (the badges say Unread, not unread)', () => {
    const values = { status: { unread: 'Unread', read: 'Read' } };
    expect(
      defaultSummary('ContactStatusChanged', { status: { from: 'unread', to: 'read' } }, false, { values }),
    ).toBe('Status: Unread → Read');
    expect(
      defaultSummary('ContactStatusChanged', { status: { from: 'read', to: 'spam' } }, false, { values }),
    ).toBe('Status: Read → spam');
  });

  it('When the event type names a lifecycle step, then the summary says it in plain words', () => {
    expect(defaultSummary('NewsArticleTrashed', {}, false)).toBe('Moved to trash');
    expect(defaultSummary('FaqRestored', { question: { from: null, to: 'Q' } }, false)).toBe(
      'Restored from trash',
    );
    expect(defaultSummary('GalleryItemRemoved', {}, false)).toBe('Deleted');
    expect(defaultSummary('NewsArticleDeleted', {}, false)).toBe('Deleted');
    expect(defaultSummary('NewsArticlePublished', { title: {} } as never, true)).toBe('Published');
    expect(defaultSummary('FaqCreated', { question: {} } as never, true)).toBe('Created');
    expect(defaultSummary('PartnerApplicationSubmitted', {}, true)).toBe('Submitted');
    expect(defaultSummary('PartnerActionNotesSaved', {}, false)).toBe('Partner action notes saved');
  });

  it('When a reaction to another service appended the event, then the actor is the system, never the event type', () => {
    expect(actorOf({ actor: 'system', causationId: 'x', causationType: 'ContractCreated' })).toBe('system');
    expect(actorOf({ actor: 'admin' })).toBe('admin');
    expect(actorOf({ actor: 'system', causationId: 'x' })).toBe('system');
    expect(actorOf({})).toBe('system');
  });

  it('When a declaration overrides the summary or the fold, then its words and fields are used', () => {
    const contact = defineEntityHistory<{
      type: 'ContactMessageReceived' | 'ContactStatusChanged';
      data: object;
    }>({
      entityType: 'contact',
      streamPrefix: 'contact-',
      omit: ['previousStatus'],
      evolve: (fields, e) => ({
        ...mergeEventData(fields, e, ['previousStatus']),
        ...(e.type === 'ContactMessageReceived' && { status: 'unread' }),
      }),
      label: (f) => String(f.subject),
      summary: (e, _changes, fallback) =>
        e.type === 'ContactMessageReceived' ? 'Message received' : fallback,
    });
    const { entries } = foldHistory(contact, [
      event('ContactMessageReceived', { id: 'c', subject: 'Hi', at: 't' }, { actor: 'visitor' }),
      event('ContactStatusChanged', { id: 'c', status: 'read', previousStatus: 'unread', at: 't' }),
    ]);
    expect(entries.map((e) => e.summary)).toEqual(['Message received', 'Status: unread → read']);
    expect(entries[0]!.changes.status).toEqual({ from: null, to: 'unread' });
  });

  it('When stream prefixes overlap, then the longest one names the entity; other streams are none', () => {
    const contract = defineEntityHistory({
      entityType: 'contract',
      streamPrefix: 'contract-',
      label: () => null,
    });
    const template = defineEntityHistory({
      entityType: 'contract-template',
      streamPrefix: 'contract-template-',
      label: () => null,
    });
    expect(entityOfStream([contract, template], 'contract-template-7')).toEqual({
      entity: template,
      id: '7',
    });
    expect(entityOfStream([template, contract], 'contract-9')).toEqual({ entity: contract, id: '9' });
    expect(entityOfStream([contract, template], 'partner-view-9')).toBeNull();
    expect(entityOfStream([contract], 'contract-')).toBeNull();
  });
});

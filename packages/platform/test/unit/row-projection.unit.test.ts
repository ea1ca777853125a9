import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { defineRowProjection } from '../../src/es/row-projection';
import type { ReadModels, StoredEvent } from '../../src/ports';
import { useTempSqlite } from './temp-sqlite';

type NoteEvent =
  | { type: 'NoteWritten'; data: { id: string; text: string; at: string } }
  | { type: 'NoteEdited'; data: { id: string; text: string } }
  | { type: 'NoteFiled'; data: { noteId: string } }
  | { type: 'NoteErased'; data: { id: string } }
  | { type: 'NoteLiked'; data: { id: string } };
type NoteRow = { id: string; text: string; createdAt: string; edits: number; version: number };

const noteRows = (models: ReadModels) => models.collection<NoteRow>('notes');
const notes = defineRowProjection<NoteEvent, NoteRow>({
  collection: 'notes',
  rows: noteRows,
  create: {
    NoteWritten: ({ data }, existing) => ({
      id: data.id,
      text: data.text,
      createdAt: existing?.createdAt ?? data.at,
      edits: 0,
    }),
  },
  update: { NoteEdited: (row, { data }) => ({ ...row, text: data.text, edits: row.edits + 1 }) },
  remove: ['NoteErased'],
});

let position = 0;
const stored = (event: NoteEvent, version: number): StoredEvent => ({
  ...event,
  id: `e${++position}`,
  streamId: 'note-1',
  version,
  position,
  occurredAt: '2026-01-01T00:00:00.000Z',
  meta: {},
});

describe('defineRowProjection', () => {
  const sqlite = useTempSqlite();
  let models: SqliteReadModels;
  const apply = (event: NoteEvent, version: number) => notes.apply(stored(event, version), models);
  const row = () => noteRows(models).get('n1');

  beforeEach(() => {
    models = new SqliteReadModels(sqlite());
  });

  const written = { type: 'NoteWritten', data: { id: 'n1', text: 'first', at: 'T1' } } as const;
  const edited = { type: 'NoteEdited', data: { id: 'n1', text: 'second' } } as const;

  it('creates, updates and removes the row, writing the event version into it', async () => {
    expect(notes.collections).toEqual(['notes']);
    await apply(written, 1);
    expect(await row()).toEqual({ id: 'n1', text: 'first', createdAt: 'T1', edits: 0, version: 1 });
    await apply(edited, 2);
    expect(await row()).toEqual({ id: 'n1', text: 'second', createdAt: 'T1', edits: 1, version: 2 });
    await apply({ type: 'NoteErased', data: { id: 'n1' } }, 3);
    expect(await row()).toBeNull();
  });

  it('passes a replayed or older event by (the revision guard)', async () => {
    await apply(written, 1);
    await apply(edited, 2);
    await apply(edited, 2);
    await apply(written, 1);
    expect(await row()).toEqual({ id: 'n1', text: 'second', createdAt: 'T1', edits: 1, version: 2 });
  });

  it('gives a create the row it replaces, and passes an update of a missing row by', async () => {
    await apply(edited, 2);
    expect(await row()).toBeNull();
    await apply(written, 1);
    await apply({ type: 'NoteWritten', data: { id: 'n1', text: 'again', at: 'T9' } }, 3);
    expect(await row()).toEqual({ id: 'n1', text: 'again', createdAt: 'T1', edits: 0, version: 3 });
  });

  it('ignores event types it does not list', async () => {
    await apply(written, 1);
    await apply({ type: 'NoteLiked', data: { id: 'n1' } }, 2);
    expect((await row())?.version).toBe(1);
  });

  it('finds the row by idOf when the data has no id, and says so when neither names one', async () => {
    const filed = defineRowProjection<NoteEvent, NoteRow>({
      collection: 'notes',
      rows: noteRows,
      idOf: (e) => (e.type === 'NoteFiled' ? e.data.noteId : e.data.id),
      update: { NoteFiled: (r) => ({ ...r, text: `${r.text} (filed)` }) },
    });
    await apply(written, 1);
    await filed.apply(stored({ type: 'NoteFiled', data: { noteId: 'n1' } }, 2), models);
    expect((await row())?.text).toBe('first (filed)');

    const byDataId = defineRowProjection<NoteEvent, NoteRow>({
      collection: 'notes',
      rows: noteRows,
      remove: ['NoteFiled'],
    });
    await expect(
      byDataId.apply(stored({ type: 'NoteFiled', data: { noteId: 'n1' } }, 3), models),
    ).rejects.toThrow(/NoteFiled .* carries no id/);
  });
});

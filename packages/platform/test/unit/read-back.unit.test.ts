import type { Request } from 'express';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { defineRowProjection, Projector, type Decider } from '../../src/es';
import { entityAccess } from '../../src/http/entity-access';
import type { Collection } from '../../src/ports';
import { useTempSqlite } from './temp-sqlite';

type Note = { id: string; version: number; text: string };
type NoteEvent = { type: 'NoteWritten'; data: { id: string; text: string } };
const notes: Decider<{ text: string } | null, { id: string; text: string }, NoteEvent> = {
  initialState: () => null,
  decide: (command) => [{ type: 'NoteWritten', data: command }],
  evolve: (_state, event) => ({ text: event.data.text }),
};

/** A request as entityAccess reads it: headers, the admin, its id. */
const request = {
  get: () => undefined,
  headers: {},
  admin: { username: 'ann' },
  id: 'req-1',
} as unknown as Request;

describe('A write reads its entity back from the pass that applied it', () => {
  const sqlite = useTempSqlite();

  it('When a route writes an entity, then it answers the row the projection sent, without reading the store; a row this process did not send is read', async () => {
    const store = new SqliteEventStore(sqlite());
    const models = new SqliteReadModels(sqlite());
    const rows = models.collection<Note>('notes');
    const projection = defineRowProjection<NoteEvent, Note>({
      collection: 'notes',
      rows: (m) => m.collection<Note>('notes'),
      create: { NoteWritten: (event) => ({ id: event.data.id, text: event.data.text }) },
    });
    const projector = new Projector(store, models, [projection]);
    const reads: string[] = [];
    const counted = Object.assign(Object.create(rows) as Collection<Note>, {
      get: (id: string) => {
        reads.push(id);
        return rows.get(id);
      },
    });
    const access = entityAccess(
      { infra: { eventStore: store }, projector, clock: () => new Date() },
      { rows: counted, streamId: (id) => `note-${id}`, decider: notes, name: 'note' },
    );

    // Read back as sent: the rows collection the projection wrote is the one the route reads.
    const viaSame = entityAccess(
      { infra: { eventStore: store }, projector, clock: () => new Date() },
      { rows, streamId: (id) => `note-${id}`, decider: notes, name: 'note' },
    );
    const get = jest.spyOn(rows, 'get');
    const written = await viaSame.write(request, { id: 'n1', text: 'Hello' }, { newStream: true });
    expect(written).toEqual({ id: 'n1', version: 1, text: 'Hello' });
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
    expect(await rows.get('n1')).toEqual(written);

    // Another collection object (here a wrapper counting reads) is not one the projection wrote: it is read.
    expect(await access.write(request, { id: 'n2', text: 'Again' }, { newStream: true })).toEqual({
      id: 'n2',
      version: 1,
      text: 'Again',
    });
    expect(reads).toEqual(['n2']);
  });
});

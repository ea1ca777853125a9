// The shared trash: a trashable aggregate's decisions, and the periodic sweep on the leader only.
import {
  fold,
  NotFound,
  type Decider,
  Metrics,
  startLeaderTask,
  type LeaderElection,
  type Logger,
} from '@12yards/platform';
import { purgeAt, trashable, trashCutoff } from '../../src/trash';

type NoteState = { status: 'none' } | { status: 'live'; text: string } | { status: 'deleted' };
type NoteCommand =
  { type: 'WriteNote'; id: string; text: string } | { type: 'DeleteNote'; id: string; at: Date };
type NoteEvent =
  | { type: 'NoteWritten'; data: { id: string; text: string } }
  | { type: 'NoteDeleted'; data: { id: string; at: string } };

const notes: Decider<NoteState, NoteCommand, NoteEvent> = {
  initialState: () => ({ status: 'none' }),
  decide: (command, state) => {
    if (command.type === 'WriteNote') return [{ type: 'NoteWritten', data: command }];
    if (state.status !== 'live') throw new NotFound('gone');
    return [{ type: 'NoteDeleted', data: { id: command.id, at: command.at.toISOString() } }];
  },
  evolve: (_state, event) =>
    event.type === 'NoteWritten' ? { status: 'live', text: event.data.text } : { status: 'deleted' },
};
const trashableNotes = trashable(notes, {
  noun: 'note',
  prefix: 'Note',
  purge: 'DeleteNote',
});
const at = new Date('2026-11-24T10:00:00.000Z');
const written = { type: 'NoteWritten', data: { id: 'n1', text: 'Hello' } } as const;
const decideAfter = (
  history: Parameters<typeof trashableNotes.evolve>[1][],
  command: Parameters<typeof trashableNotes.decide>[0],
) => trashableNotes.decide(command, fold(trashableNotes, history));

describe('trashable()', () => {
  it('Given a live item, when it is moved to the trash, then <Prefix>Trashed is decided, not the delete', () => {
    expect(decideAfter([written], { type: 'MoveToTrash', id: 'n1', at })).toEqual([
      { type: 'NoteTrashed', data: { id: 'n1', at: at.toISOString() } },
    ]);
  });

  it('Given a trashed item, then restoring brings it back exactly as it was and the item takes commands again', () => {
    const trashed = { type: 'NoteTrashed', data: { id: 'n1', at: at.toISOString() } } as const;
    const restore = decideAfter([written, trashed], { type: 'RestoreFromTrash', id: 'n1', at });
    expect(restore).toEqual([{ type: 'NoteRestored', data: { id: 'n1', at: at.toISOString() } }]);
    const state = fold(trashableNotes, [written, trashed, ...restore]);
    expect(state).toEqual({ item: { status: 'live', text: 'Hello' }, trashed: null });
    expect(trashableNotes.decide({ type: 'WriteNote', id: 'n1', text: 'Again' }, state)).toHaveLength(1);
  });

  it('Given a trashed item, then it takes no other command, cannot be trashed twice, and its purge is the own delete', () => {
    const trashed = { type: 'NoteTrashed', data: { id: 'n1', at: at.toISOString() } } as const;
    expect(() => decideAfter([written, trashed], { type: 'WriteNote', id: 'n1', text: 'x' })).toThrow(
      new NotFound('No note with id n1'),
    );
    expect(() => decideAfter([written, trashed], { type: 'MoveToTrash', id: 'n1', at })).toThrow(NotFound);
    const purge = decideAfter([written, trashed], { type: 'PurgeFromTrash', id: 'n1', at });
    expect(purge).toEqual([{ type: 'NoteDeleted', data: { id: 'n1', at: at.toISOString() } }]);
    expect(fold(trashableNotes, [written, trashed, ...purge])).toEqual({
      item: { status: 'deleted' },
      trashed: null,
    });
  });

  it('Given an item not in the trash (or none), then restore and purge are NotFound, and so is trashing nothing', () => {
    for (const type of ['RestoreFromTrash', 'PurgeFromTrash'] as const) {
      expect(() => decideAfter([written], { type, id: 'n1', at })).toThrow(NotFound);
    }
    expect(() => decideAfter([], { type: 'MoveToTrash', id: 'n1', at })).toThrow(NotFound);
  });

  it('Trashed at a time, it is purged TRASH_RETENTION_DAYS (30) later, and due at the cutoff of that moment', () => {
    expect(purgeAt('2026-11-01T08:30:00.000Z')).toBe('2026-12-01T08:30:00.000Z');
    expect(trashCutoff(new Date('2026-12-01T08:30:00.001Z')) > '2026-11-01T08:30:00.000Z').toBe(true);
    expect(trashCutoff(new Date('2026-12-01T08:29:59.999Z')) > '2026-11-01T08:30:00.000Z').toBe(false);
  });
});

describe('startLeaderTask', () => {
  const silent = { error: jest.fn(), info: jest.fn(), warn: jest.fn() } as unknown as Logger;
  /** A leader election the test flips by hand. */
  const fakeLeader = (leads: boolean) => {
    const listeners = new Set<(l: boolean) => void>();
    const leader = {
      isLeader: leads,
      onChange: (l: (x: boolean) => void) => (listeners.add(l), () => listeners.delete(l)),
      set(now: boolean) {
        leader.isLeader = now;
        listeners.forEach((l) => l(now));
      },
    };
    return leader;
  };

  it('When this process follows, then the task does not run until it leads, then runs at once and every interval', async () => {
    jest.useFakeTimers();
    try {
      const leader = fakeLeader(false);
      const run = jest.fn(async () => undefined);
      const task = await startLeaderTask(
        {
          leader: leader as unknown as LeaderElection,
          logger: silent,
          metrics: new Metrics({ defaultMetrics: false }),
        },
        { name: 'sweep', intervalMs: 1000, run },
      );
      await jest.advanceTimersByTimeAsync(2500);
      expect(run).not.toHaveBeenCalled();
      leader.set(true);
      await jest.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(2000);
      expect(run).toHaveBeenCalledTimes(3);
      await task.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });
});

import { Projector } from '../../src/es/projector';
import type { EventStore, ProjectionHandOver, ReadModels } from '../../src/ports';
import { rows } from '../unit/row-fixtures';

/**
 * One replica of a service in a test: its projector of `rows` with a hand-over, the writes its writers make, and how
 * many commands it sent to the checkpoint.
 */
export function replicaProcess<H extends ProjectionHandOver>(
  store: EventStore,
  models: ReadModels,
  handOver: H,
) {
  const checkpoints = models.collection('checkpoints', { compareAndSet: true });
  const reads = jest.spyOn(checkpoints, 'get');
  const moves = jest.spyOn(checkpoints, 'putIf');
  const projector = new Projector(store, models, [rows], undefined, 'projections', handOver);
  /** A writer's command: append, then catch up with what it appended (as runCommand does). */
  const write = async (stream: string, n: number) => {
    const done = projector.beginAppend();
    const { events } = await store.append(stream, 'any', [{ type: 'Added', data: { n } }]);
    const caughtUp = projector.catchUp(events[0]!.position, events);
    done();
    await caughtUp;
    return events[0]!;
  };
  const checkpointCommands = () => reads.mock.calls.length + moves.mock.calls.length;
  return { projector, handOver, write, checkpointCommands, models };
}

import { defineProjection } from '../../src/es/projector';

/** The one event of the projector tests: a stream's number. */
export type Added = { type: 'Added'; data: { n: number } };

/** A projection that keeps each stream's number as a row of `collection` (id: the stream). */
export const rowsOf = (collection: string) =>
  defineProjection<Added>({
    collections: [collection],
    async apply(event, models) {
      await models
        .collection<{ id: string; n: number }>(collection)
        .put({ id: event.streamId, n: event.data.n });
    },
  });

/** rowsOf('rows'). */
export const rows = rowsOf('rows');

import { z } from 'zod';

/** The services that publish integration events; each publishes to the topic of its name. */
export const producers = ['partners', 'contracts', 'content', 'status', 'media'] as const;
export type Producer = (typeof producers)[number];

/**
 * One version of one integration event: what crosses a service boundary, as its producer publishes it. `data` is
 * every field a consumer may read; consumers read nothing else. An older version names how it becomes the next
 * (`upcast`), so a message published before a version bump still reads.
 */
export interface EventVersion<
  Type extends string = string,
  Version extends number = number,
  Data extends z.ZodType = z.ZodType,
> {
  type: Type;
  version: Version;
  producer: Producer;
  /** The services that read it (the catalogue lists them). */
  consumers: readonly string[];
  description: string;
  data: Data;
  /** Only on a version that is not the latest: its data as the next version's data. */
  upcast?: (data: z.infer<Data>) => unknown;
}

const messageSchemas = new WeakMap<EventVersion, z.ZodType>();

/**
 * The schema of the whole message as a consumer sees it after parsing: type and version literal, and the data. Made
 * once per event version: a relay checks every event it publishes against it.
 */
export const messageSchema = <T extends string, V extends number, D extends z.ZodType>(
  e: EventVersion<T, V, D>,
) => {
  let schema = messageSchemas.get(e);
  if (!schema) {
    schema = z.object({ type: z.literal(e.type), version: z.literal(e.version), data: e.data });
    messageSchemas.set(e, schema);
  }
  return schema as z.ZodObject<{ type: z.ZodLiteral<T>; version: z.ZodLiteral<V>; data: D }>;
};

export const defineEvent = <T extends string, V extends number, D extends z.ZodType>(
  e: EventVersion<T, V, D>,
): EventVersion<T, V, D> => e;

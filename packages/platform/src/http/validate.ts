import type { z } from 'zod';
import { validationError } from './errors';

/** Parses a value with a schema; a failure is a 400 carrying the zod issues. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

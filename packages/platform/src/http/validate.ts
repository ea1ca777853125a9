import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { validationError } from './errors';

/** Parses a value with a schema; a failure is a 400 carrying the zod issues. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

type Parts = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
export type Validated<P extends Parts> = { [K in keyof P]: P[K] extends z.ZodType ? z.output<P[K]> : never };

/** Middleware: validates the named parts of the request and keeps the parsed values in res.locals.valid. */
export function validate<P extends Parts>(parts: P) {
  return (req: Request, res: Response, next: NextFunction) => {
    const valid: Record<string, unknown> = {};
    for (const [part, schema] of Object.entries(parts) as [keyof Parts, z.ZodType][]) {
      valid[part] = parse(schema, req[part] ?? {});
    }
    res.locals.valid = valid;
    next();
  };
}

export function valid<P extends Parts>(res: Response): Validated<P> {
  return res.locals.valid as Validated<P>;
}

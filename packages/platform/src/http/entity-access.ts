import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Collection, EventMeta } from '../ports';
import type { Decider, DomainEvent } from '../es/decider';
import { runCommand, type CommandSite, type RunCommandOptions } from '../es/decider';
import { notFound } from './errors';
import { ifMatchVersions, setVersionEtag } from './preconditions';
import { parse } from './validate';

/** Who and which request caused a write: the signed-in admin (a visitor on the public forms) and the request id. */
export const requestMeta = (req: Request): EventMeta => ({
  actor: req.admin?.username ?? 'visitor',
  requestId: String(req.id),
});

/**
 * runCommand on behalf of a request: its actor and id become the events' meta, and its If-Match (if any) the
 * versions the stream must be at (else 412 and nothing written).
 */
export function runRequestCommand<State, Command, Event extends DomainEvent>(
  site: CommandSite,
  req: Request,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: RunCommandOptions = {},
) {
  return runCommand(site, streamId, decider, command, {
    meta: requestMeta(req),
    ifVersion: ifMatchVersions(req),
    ...options,
  });
}

export interface EntitySpec<
  Row extends { id: string; version: number },
  State,
  Command,
  Event extends DomainEvent,
> {
  rows: Collection<Row>;
  streamId(id: string): string;
  decider: Decider<State, Command, Event>;
  /** What the entity is called in the 404 for an id that names no row: `No ${name} with ${idName} ${id}`. */
  name: string;
  /** What its id is called there; `id` by default. */
  idName?: string;
}

/**
 * The reads and writes behind one entity's routes: its rows (a missing one is a 404), and its commands (those that
 * name the entity's id) run for a request and read back, so the caller answers the entity as it now is. The
 * `Versioned` forms also set the row's version as the response's ETag, which the admin sends back as If-Match.
 */
export function entityAccess<
  Row extends { id: string; version: number },
  State,
  Command,
  Event extends DomainEvent,
>(site: CommandSite & { clock(): Date }, spec: EntitySpec<Row, State, Command, Event>) {
  const find = async (id: string): Promise<Row> => {
    const row = await spec.rows.get(id);
    if (!row) throw notFound(`No ${spec.name} with ${spec.idName ?? 'id'} ${id}`);
    return row;
  };
  const versioned = (res: Response, row: Row) => {
    setVersionEtag(res, row.version);
    return row;
  };
  const write = async (
    req: Request,
    command: Command & { id: string },
    options?: RunCommandOptions,
  ): Promise<Row> => {
    await runRequestCommand(site, req, spec.streamId(command.id), spec.decider, command, options);
    return find(command.id);
  };
  const writeVersioned = async (
    req: Request,
    res: Response,
    command: Command & { id: string },
    options?: RunCommandOptions,
  ) => versioned(res, await write(req, command, options));
  /**
   * The handler of an admin edit of the entity at `…/:id`: the body parsed with the schema (a 400 when bad), the
   * command made of it run under the request's If-Match, and the entity as it now is (never cached, ETag set).
   */
  const editHandler =
    <S extends z.ZodType, View>(
      schema: S,
      command: (input: z.output<S>, id: string, at: Date) => Command & { id: string },
      view: (row: Row) => View,
    ) =>
    async (req: Request, res: Response) => {
      const input = parse(schema, req.body);
      const row = await writeVersioned(req, res, command(input, String(req.params.id), site.clock()));
      res.set('Cache-Control', 'no-store').json(view(row));
    };
  return {
    find,
    findVersioned: async (res: Response, id: string) => versioned(res, await find(id)),
    write,
    writeVersioned,
    editHandler,
  };
}

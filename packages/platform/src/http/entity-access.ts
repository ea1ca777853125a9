import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { idempotencyKey } from '@12yards/api';
import type { Collection, EventMeta } from '../ports';
import type { Decider, DomainEvent } from '../es/decider';
import { runCommand, type CommandSite, type RunCommandOptions } from '../es/decider';
import { deterministicEventId } from '../es/inbox';
import { NotFound } from '../es/errors';
import { ifMatchVersions } from './preconditions';
import { parse } from './validate';

/** The request's Idempotency-Key header, validated (a 400 when malformed); undefined when it sends none. */
function idempotencyKeyOf(req: Request): string | undefined {
  const header = req.get('idempotency-key');
  return header === undefined ? undefined : parse(idempotencyKey, header);
}

/**
 * Who and which request caused a write: the signed-in admin (a visitor on the public forms), the request id, and
 * the Idempotency-Key it sent, if any (a create under it that finds its entity made already answers that one).
 */
export const requestMeta = (req: Request): EventMeta => {
  const key = idempotencyKeyOf(req);
  return {
    actor: req.admin?.username ?? 'visitor',
    requestId: String(req.id),
    ...(key !== undefined && { idempotencyKey: key }),
  };
};

/**
 * The id of the entity a create request makes: a random UUID, or, when the request sends an Idempotency-Key, one
 * derived from the key, the caller and the route, so a retry of the same request names the same entity (and the
 * command pipeline answers it instead of creating a second; see RunCommandOptions.newStream).
 */
export function newEntityId(req: Request): string {
  const key = idempotencyKeyOf(req);
  if (key === undefined) return randomUUID();
  return deterministicEventId(key, `create:${req.admin?.username ?? 'visitor'}:${req.baseUrl}${req.path}`);
}

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
 * name the entity's id) run for a request and read back, so the caller answers the entity as it now is (a handler
 * on a route contract answers the row's version, which becomes the ETag the admin sends back as If-Match).
 */
export function entityAccess<
  Row extends { id: string; version: number },
  State,
  Command,
  Event extends DomainEvent,
>(site: CommandSite & { clock(): Date }, spec: EntitySpec<Row, State, Command, Event>) {
  const find = async (id: string): Promise<Row> => {
    const row = await spec.rows.get(id);
    if (!row) throw new NotFound(`No ${spec.name} with ${spec.idName ?? 'id'} ${id}`);
    return row;
  };
  const write = async (
    req: Request,
    command: Command & { id: string },
    options?: RunCommandOptions,
  ): Promise<Row> => {
    const result = await runRequestCommand(
      site,
      req,
      spec.streamId(command.id),
      spec.decider,
      command,
      options,
    );
    // The row as the pass that applied this command sent it: the entity as the command left it, with no read.
    const upTo = result.events.at(-1)?.position;
    const sent = upTo === undefined ? undefined : site.projector.sentRow?.(spec.rows, command.id, upTo);
    return sent ?? find(command.id);
  };
  return { find, write };
}

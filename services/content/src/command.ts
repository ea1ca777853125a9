import type { Request } from 'express';
import {
  ifMatchVersions,
  runCommand,
  type Decider,
  type DomainEvent,
  type ServiceContext,
} from '@12yards/platform';

/**
 * Appends what the decider decides for one command, then projects it, so the caller reads its own write.
 * Returns the events appended (none when the command changed nothing). An If-Match naming a stale version
 * fails with StaleVersion (412) and writes nothing.
 */
export async function execute<State, Command, Event extends DomainEvent>(
  ctx: ServiceContext,
  req: Request,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
) {
  return runCommand(ctx, streamId, decider, command, {
    meta: { actor: req.admin?.username ?? 'visitor', requestId: String(req.id) },
    ifVersion: ifMatchVersions(req),
  });
}

/** Admin reads are never cached; public reads are revalidated (Express adds a weak ETag and answers 304). */
export const NO_STORE = 'no-store';
export const NO_CACHE = 'no-cache';

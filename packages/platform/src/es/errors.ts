/**
 * What a command can fail with, in the domain's words. Deciders and the command pipeline throw these; they know
 * nothing of HTTP. The HTTP layer (toHttpError) answers them 404, 409, 400 and 412.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Structured facts about the failure (e.g. the offending field), passed on to the caller. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing the command is about does not exist (or no longer does). */
export class NotFound extends DomainError {}

/** The command contradicts the current state (a duplicate id, a locked status, a write that lost a race). */
export class Conflict extends DomainError {}

/** The command is not valid in itself, whatever the state. */
export class Invalid extends DomainError {}

/** The caller's copy is stale: the stream is not at the version the caller read (If-Match). Nothing was written. */
export class StaleVersion extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: readonly number[],
    readonly actual: number,
  ) {
    super('This item was changed by someone else. Reload to see the latest version.');
  }
}

/**
 * The command's events were appended, but the read models could not be brought up to them (the database went away
 * in the middle of the write, say). The write stands; reading it back can succeed in a moment, and a create sent again
 * with the same Idempotency-Key answers the entity it made instead of making a second one.
 */
export class NotYetReadable extends DomainError {
  constructor(
    readonly streamId: string,
    cause?: unknown,
  ) {
    super('Your change was saved, but it cannot be shown yet. Reload in a moment.');
    this.cause = cause;
  }
}

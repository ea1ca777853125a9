/**
 * What a command or a request can fail with, in the domain's words. Deciders, the command pipeline and the services'
 * handlers throw these; they know nothing of HTTP. The HTTP layer (toHttpError, domainHttpError) answers each with
 * its status.
 */
export abstract class DomainError extends Error {
  /** A more precise machine-readable reason than the error's kind (e.g. 'template_too_large'), for the caller. */
  readonly code?: string;

  constructor(
    message: string,
    /** Structured facts about the failure (e.g. the offending field), passed on to the caller. */
    readonly details?: unknown,
    options?: { code?: string },
  ) {
    super(message);
    this.name = new.target.name;
    if (options?.code) this.code = options.code;
  }
}

/** The thing the command is about does not exist (or no longer does). */
export class NotFound extends DomainError {}

/** The command contradicts the current state (a duplicate id, a locked status, a write that lost a race). */
export class Conflict extends DomainError {}

/** The command is not valid in itself, whatever the state. */
export class Invalid extends DomainError {}

/** What was sent is bigger than what is accepted (a file, an image's pixels, a document's unzipped size). */
export class TooLarge extends DomainError {}

/** What was sent is not of a kind that is accepted (not an image, not a .doc/.docx/.pdf). */
export class UnsupportedMediaType extends DomainError {}

/** What was sent is well-formed but cannot be used (an image too big to decode, a broken template, an unknown URL). */
export class Unprocessable extends DomainError {}

/** The byte range asked for lies outside the file: the file's size is told back. */
export class RangeNotSatisfiable extends DomainError {
  constructor(readonly size: number) {
    super(`The file has ${size} bytes`);
  }
}

/** What was asked for is being made and is not there yet (a document whose job has not ended). */
export class NotReady extends DomainError {}

/** Work done in the background for the request failed for good (a job that ran out of tries). */
export class JobFailed extends DomainError {}

/**
 * Another service the request needs cannot be asked right now; nothing was changed, and the same request can
 * succeed after `retryAfterSeconds`.
 */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    details: unknown,
    readonly retryAfterSeconds: number,
  ) {
    super(message, details);
  }
}

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

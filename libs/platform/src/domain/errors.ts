/**
 * Typed domain errors. Deciders and handlers throw these; only the HTTP error filter knows which
 * status each one becomes, so the domain never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'NotFound' | 'Conflict' | 'InvalidPosition' | 'Forbidden' | 'PreconditionFailed' | 'Invalid' | 'TooLarge' | 'Unavailable';
}

export class NotFound extends DomainError {
  readonly kind = 'NotFound';
  constructor(what: string) {
    super(`${what} not found`);
  }
}

export class Conflict extends DomainError {
  readonly kind = 'Conflict';
}

export class InvalidPosition extends DomainError {
  readonly kind = 'InvalidPosition';
}

export class Forbidden extends DomainError {
  readonly kind = 'Forbidden';
}

export class PreconditionFailed extends DomainError {
  readonly kind = 'PreconditionFailed';
}

export class Invalid extends DomainError {
  readonly kind = 'Invalid';
}

/** Input over a documented size limit (a page document, a file), or too much work to finish in its time limit. */
export class TooLarge extends DomainError {
  readonly kind = 'TooLarge';
}

/** The server cannot take the work now (its worker queue is full); the same request may succeed later. */
export class Unavailable extends DomainError {
  readonly kind = 'Unavailable';
}

/**
 * Typed domain errors. Deciders and handlers throw these; only the HTTP error filter knows which
 * status each one becomes, so the domain never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'NotFound' | 'Conflict' | 'InvalidPosition' | 'Forbidden' | 'PreconditionFailed' | 'Invalid';
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

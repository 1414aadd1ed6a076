import { Conflict, DomainError, Forbidden, Invalid, InvalidPosition, NotFound, PreconditionFailed, TooLarge, Unavailable } from '../domain/errors';

/**
 * What a task answers across the thread boundary. A thrown error is structured-cloned as a plain Error, so
 * a domain error (a refusal the caller must see as its 400 or 413) travels as its kind and message instead.
 */
export type TaskOutcome<T> = { value: T } | { refused: { kind: DomainError['kind']; message: string } };

/** Wraps a worker's task so that its domain errors come back as refusals (see WorkerPool.run). */
export function workerTask<I, T>(fn: (input: I) => T | Promise<T>): (input: I) => Promise<TaskOutcome<T>> {
  return async (input) => {
    try {
      return { value: await fn(input) };
    } catch (error) {
      if (error instanceof DomainError) return { refused: { kind: error.kind, message: error.message } };
      throw error;
    }
  };
}

const REFUSALS: Record<DomainError['kind'], new (message: string) => DomainError> = {
  Invalid,
  TooLarge,
  Unavailable,
  Conflict,
  Forbidden,
  PreconditionFailed,
  InvalidPosition,
  NotFound,
};

/** The domain error a task refused with, as the caller's thread throws it. */
export function refusalOf(refused: { kind: DomainError['kind']; message: string }): DomainError {
  const error = new REFUSALS[refused.kind]('');
  error.message = refused.message; // NotFound's constructor words its message itself
  return error;
}

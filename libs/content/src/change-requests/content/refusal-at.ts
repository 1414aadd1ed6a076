import { DomainError, Invalid, TooLarge, Unavailable } from '@folio/platform/domain/errors';

/**
 * Where a change sits in the batch, as every message about it begins: `changes[3]`. Here, not beside the batch's
 * validation: the document worker thread reads markdown with batch-refs.ts, and would load class-validator with it.
 */
export const changeAt = (index: number) => `changes[${index}]`;

/**
 * Inside a batch every refusal is the caller's: a domain error becomes a 400 naming where it happened, but
 * for content over a size limit (413) and a server too busy to take the work (503), which keep their kind.
 */
export function invalidAt(where: string, error: unknown): unknown {
  if (error instanceof TooLarge) return new TooLarge(`${where}: ${error.message}`);
  if (error instanceof Unavailable) return new Unavailable(`${where}: ${error.message}`);
  return error instanceof DomainError ? new Invalid(`${where}: ${error.message}`) : error;
}

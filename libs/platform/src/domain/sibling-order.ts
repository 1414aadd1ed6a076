import { generateKeyBetween } from 'fractional-indexing';

/**
 * Sibling order (spaces and collections under one parent, a site's structure) as fractional keys: a move writes one key
 * between its new neighbours' keys, and nothing else is renumbered.
 */
export function keyBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

import { canonicalJson } from '@folio/platform/object-store/canonical-json';

/** What a merge answers for a value both sides changed differently. */
export const CONFLICT = Symbol('conflict');
export type Merged<T> = T | typeof CONFLICT;

/** A value merged as a whole: the side that changed it, the change both made alike, or CONFLICT. */
export function mergeValue<T>(base: T, main: T, changeRequest: T): Merged<T> {
  if (same(main, changeRequest) || same(base, changeRequest)) return main;
  if (same(base, main)) return changeRequest;
  return CONFLICT;
}

/** Equal as JSON (undefined only equals undefined). */
export function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalJson(a).equals(canonicalJson(b));
}

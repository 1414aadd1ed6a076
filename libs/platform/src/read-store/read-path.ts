import { Scalar } from './read-store.port';

/** The value at a dotted path of a document, as the cursor of a sorted page records it. */
export function readPath(doc: Record<string, unknown>, path: string): Scalar {
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return (value ?? null) as Scalar;
}

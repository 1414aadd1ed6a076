/**
 * JSON pointers (RFC 6901) into a parsed document: where a problem is (SpecProblem.path) and what a local
 * `$ref` names. Keys come from the document, so lookups use own properties only.
 */

export function pointerOf(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function segmentsOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value a parent holds under `segment`, if it holds one: an own property of an object, an index of an array. */
export function childOf(parent: unknown, segment: string): { found: true; value: unknown } | { found: false } {
  if (Array.isArray(parent)) {
    const index = /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
    return index >= 0 && index < parent.length ? { found: true, value: parent[index] } : { found: false };
  }
  if (parent !== null && typeof parent === 'object' && Object.hasOwn(parent, segment)) {
    return { found: true, value: (parent as Record<string, unknown>)[segment] };
  }
  return { found: false };
}

/** The value `pointer` names in `document`, if it names one. */
export function valueAt(document: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  let value = document;
  for (const segment of segmentsOf(pointer)) {
    const child = childOf(value, segment);
    if (!child.found) return child;
    value = child.value;
  }
  return { found: true, value };
}

/** Whether `pointer` names a value of `document`. */
export function resolves(document: unknown, pointer: string): boolean {
  return valueAt(document, pointer).found;
}

/**
 * The JSON pointer of a local `$ref` (`#/components/schemas/Pet` → `/components/schemas/Pet`, percent-decoded),
 * or null for what names no pointer: an external ref, a named anchor (`#Pet`, 3.1's `$anchor`, not resolved),
 * a malformed escape.
 */
export function fragmentPointer(ref: string): string | null {
  if (!ref.startsWith('#')) return null;
  try {
    const fragment = decodeURIComponent(ref.slice(1));
    return fragment === '' || fragment.startsWith('/') ? fragment : null;
  } catch {
    return null;
  }
}

import { SpecProblem } from './spec-parse';
import { fragmentPointer, pointerOf, resolves } from './json-pointer';

/**
 * The `$ref`s of a document that cannot be followed, each where it is written (the pointer of its `$ref`
 * value): an external one (a URL, a file, anything but `#…`) is refused, since parsing never fetches or
 * reads anything (a spec fetched from a URL is one document; the server does not wander the network for
 * its parts); a local one must name a value of the document. A circular local `$ref` is fine. Every `$ref`
 * is checked, not only the first: the author fixes them all at once. Walked with a stack, as deep as the
 * document is.
 */
export function refProblems(document: Record<string, unknown>): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const checked = new Map<string, boolean>();
  // Each value with its key and its parent's entry: the pointer is spelled only for a `$ref` with a problem.
  const stack: Visit[] = [{ value: document, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (value === null || typeof value !== 'object') continue;
    const ref = Array.isArray(value) ? undefined : (value as Record<string, unknown>).$ref;
    if (typeof ref === 'string' && Object.hasOwn(value, '$ref')) {
      const problem = refProblem(document, ref, checked);
      if (problem) problems.push({ ...problem, path: `${pointerOfVisit(visit)}/$ref` });
    }
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index--) stack.push({ value: (value as Record<string, unknown>)[keys[index]], key: keys[index], parent: visit });
  }
  return problems;
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pointerOfVisit(visit: Visit): string {
  const segments: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) segments.push(at.key);
  return pointerOf(segments.reverse());
}

function refProblem(document: Record<string, unknown>, ref: string, checked: Map<string, boolean>): Omit<SpecProblem, 'path'> | null {
  if (!ref.startsWith('#')) {
    return { code: 'external-ref', message: `$ref "${ref}" points outside the document: only local references (#/…) are resolved, nothing is fetched or read` };
  }
  let found = checked.get(ref);
  if (found === undefined) {
    const pointer = fragmentPointer(ref);
    found = pointer !== null && resolves(document, pointer);
    checked.set(ref, found);
  }
  return found ? null : { code: 'missing-ref', message: `$ref "${ref}" names nothing in the document` };
}

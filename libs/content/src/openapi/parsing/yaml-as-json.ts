import { SpecProblem } from './spec-parse';
import { pointerOf } from './json-pointer';

/**
 * How far YAML aliases may expand a document, two bounds. The YAML reader shares an aliased node instead of
 * copying it, but the document is stored as JSON, which writes it at each use: aliases of aliases (a
 * "billion laughs" document) or a large node named a few hundred times would be written that many times.
 * So, as JSON would write the data, at most MAX_ALIAS_COUNT aliases may be used (an alias inside a node
 * counting at each use of that node), and the data (each text's length, one for any other value or
 * container, each key's length) may be at most MAX_EXPANSION times the length of the text.
 */
export const MAX_ALIAS_COUNT = 1_000;
export const MAX_EXPANSION = 4;

/**
 * What the walk knows: the keys to where it is (for a problem's pointer), the containers it is inside (one
 * reached again inside itself is a cycle), what the contents of each container walked add to the expanded data
 * (size and aliases used inside it, added again at each further use without walking it again, so the walk is linear in
 * the text however far aliases would expand it), the totals so far and the size allowed.
 */
interface JsonWalk {
  path: string[];
  within: Set<object>;
  walked: Map<object, { size: number; aliases: number }>;
  problems: SpecProblem[];
  size: number;
  aliases: number;
  maxSize: number;
}

/**
 * YAML data (as js-yaml reads it with the schema of spec-yaml.ts) as plain JSON, changed in place: a
 * `!!binary` value becomes its base64, a `!!timestamp` its ISO text; a number JSON cannot write (`.inf`,
 * `.nan`), an alias inside the node it names (a cycle) and aliases expanding past the bounds above are
 * problems. `textLength` is the length of the text the data was read from.
 */
export function yamlAsJson(data: unknown, textLength: number): { data: unknown } | { problems: SpecProblem[] } {
  // At least a value's worth: an empty text is a null document, not an expansion.
  const walk: JsonWalk = { path: [], within: new Set(), walked: new Map(), problems: [], size: 0, aliases: 0, maxSize: MAX_EXPANSION * Math.max(textLength, 1) };
  const json = asJson(data, walk);
  if (walk.aliases > MAX_ALIAS_COUNT) {
    return { problems: [{ code: 'excessive-aliases', message: `The document's YAML aliases cannot be expanded: aliases (of nodes holding aliases) would be used more than ${MAX_ALIAS_COUNT.toLocaleString('en')} times` }] };
  }
  if (walk.size > walk.maxSize) {
    return { problems: [{ code: 'excessive-aliases', message: `The document's YAML aliases expand it to more than ${MAX_EXPANSION} times the size of its text` }] };
  }
  return walk.problems.length ? { problems: walk.problems } : { data: json };
}

/**
 * `value` as JSON, its size and aliases added to the walk's totals. Each container is walked once, so the walk
 * is linear in the text and need not stop at a bound: its totals are checked after it. The depth is the
 * reader's, which read the same nesting.
 */
function asJson(value: unknown, walk: JsonWalk): unknown {
  if (value instanceof Uint8Array) value = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  else if (value instanceof Date) value = value.toISOString();
  if (typeof value === 'string') {
    walk.size += value.length;
    return value;
  }
  walk.size += 1;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    walk.problems.push({ code: 'not-json', message: `${String(value)} is not a number JSON can hold`, path: pointerOf(walk.path) });
    return null;
  }
  if (value === null || typeof value !== 'object') return value;
  if (walk.within.has(value)) {
    walk.problems.push({ code: 'not-json', message: 'A YAML alias is written inside the node it names: JSON cannot hold the cycle', path: pointerOf(walk.path) });
    return null;
  }
  const walked = walk.walked.get(value);
  if (walked) {
    // An alias (or a merge key's copy of an aliased node's value): as JSON writes it, its contents again.
    walk.size += walked.size;
    walk.aliases += 1 + walked.aliases;
    return value;
  }
  const start = { size: walk.size, aliases: walk.aliases };
  walk.within.add(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      walk.path.push(String(index));
      value[index] = asJson(value[index], walk);
      walk.path.pop();
    }
  } else {
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      walk.size += key.length;
      walk.path.push(key);
      // An own `__proto__` key (js-yaml defines it as such) is an own data property: assigning it sets the value.
      container[key] = asJson(container[key], walk);
      walk.path.pop();
    }
  }
  walk.within.delete(value);
  walk.walked.set(value, { size: walk.size - start.size, aliases: walk.aliases - start.aliases });
  return value;
}

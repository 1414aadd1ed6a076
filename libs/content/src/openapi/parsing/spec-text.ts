import { Document, isScalar, LineCounter, Node, parseDocument, visit } from 'yaml';
import { SpecFormat, SpecProblem } from './spec-parse';
import { SpecLines, YAML_OPTIONS } from './spec-lines';
import { pointerOf } from './json-pointer';

/**
 * How far YAML aliases may expand a document, two bounds. yaml's `maxAliasCount` counts each alias resolved
 * times the aliases inside what it names, so a "billion laughs" document (aliases of aliases) is refused
 * before anything is expanded. But an alias's data is shared, not copied, until the document is written as
 * JSON (as a version stores it): a large node named a few hundred times would be written a few hundred
 * times. So the data, counted as JSON would write it (each text's length, one for any other value), may be
 * at most this many times the length of the text.
 */
const MAX_ALIAS_COUNT = 1_000;
const MAX_EXPANSION = 4;

/** A spec's text read as data, with its lines placed on demand; or the problems that stop the reading. */
export type SpecText =
  | { format: SpecFormat; data: unknown; lines: () => SpecLines }
  | { format: SpecFormat; problems: SpecProblem[] };

/**
 * The document a spec's text holds: JSON when its first non-blank character is `{` (and then strict JSON,
 * read by JSON.parse, about 50 times faster than the YAML parser on a large document), YAML otherwise. The
 * data is plain JSON, since the version stores it as canonical JSON.
 */
export function readSpecText(text: string): SpecText {
  const body = text.replace(/^\uFEFF/, '');
  return /^\s*\{/.test(body) ? readJson(body) : readYaml(body);
}

function readJson(text: string): SpecText {
  try {
    const data: unknown = JSON.parse(text);
    let lines: SpecLines | undefined;
    return { format: 'json', data, lines: () => (lines ??= SpecLines.of(text)) };
  } catch (error) {
    // V8 words it "… in JSON at position 42".
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? lineAt(text, Number(position[1])) : undefined;
    return { format: 'json', problems: [{ code: 'invalid-syntax', message: `The document is not valid JSON: ${(error as Error).message}`, line }] };
  }
}

function readYaml(text: string): SpecText {
  const counter = new LineCounter();
  const document = parseDocument(text, YAML_OPTIONS(counter));
  const syntax: SpecProblem[] = document.errors.map((error) => ({ code: 'invalid-syntax', message: `The document is not valid YAML: ${error.message}`, line: counter.linePos(error.pos[0]).line }));
  const problems: SpecProblem[] = syntax.length ? syntax : repeatedKeys(document, counter);
  if (problems.length) return { format: 'yaml', problems };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    // yaml throws a ReferenceError for aliases that expand past the count, and for an alias to nothing.
    return { format: 'yaml', problems: [{ code: 'excessive-aliases', message: `The document's YAML aliases cannot be expanded: ${error.message}` }] };
  }
  const walk: JsonWalk = { path: [], within: new Set(), problems, budget: MAX_EXPANSION * text.length };
  const json = asJson(data, walk);
  if (walk.budget < 0) {
    return { format: 'yaml', problems: [{ code: 'excessive-aliases', message: `The document's YAML aliases expand it to more than ${MAX_EXPANSION} times the size of its text` }] };
  }
  const lines = new SpecLines(document, counter);
  if (problems.length) return { format: 'yaml', problems: problems.map((problem) => ({ ...problem, line: lines.lineOf(problem.path ?? '') })) };
  return { format: 'yaml', data: json, lines: () => lines };
}

/** A key written twice in one mapping (its second writing): the data would silently keep only one of them. */
function repeatedKeys(document: Document.Parsed, counter: LineCounter): SpecProblem[] {
  const problems: SpecProblem[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        // As the data will have it: a key 1 and a key "1" are the same property.
        const name = isScalar(key) ? String(key.value) : key;
        if (seen.has(name)) {
          const offset = (key as Node | null)?.range?.[0];
          problems.push({ code: 'invalid-syntax', message: `The document is not valid YAML: the key ${typeof name === 'string' ? JSON.stringify(name) : 'written as a collection'} is repeated in its mapping`, ...(offset !== undefined && { line: counter.linePos(offset).line }) });
        }
        seen.add(name);
      }
    },
  });
  return problems;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Where asJson is: the keys (for a problem's pointer), the containers (for cycles), what is left of the size allowed. */
interface JsonWalk {
  path: string[];
  within: Set<object>;
  problems: SpecProblem[];
  budget: number;
}

/**
 * YAML data as JSON, changed in place: what YAML has and JSON has not becomes its JSON form (a `!!binary`
 * value its base64, a timestamp its ISO text, a set its array, a map an object of its keys' text); a number
 * JSON cannot write (`.inf`, `.nan`) and an alias inside the node it names (a cycle) are problems. Shared
 * data (an alias's) is walked at each use, as JSON would write it, against the walk's budget; the walk
 * stops when it is spent. The depth is that of the YAML parser, which read the same nesting.
 */
function asJson(value: unknown, walk: JsonWalk): unknown {
  walk.budget -= typeof value === 'string' ? value.length : 1;
  if (walk.budget < 0) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    walk.problems.push({ code: 'not-json', message: `${String(value)} is not a number JSON can hold`, path: pointerOf(walk.path) });
    return null;
  }
  if (value === null || typeof value !== 'object') return value;
  if (walk.within.has(value)) {
    walk.problems.push({ code: 'not-json', message: 'A YAML alias is written inside the node it names: JSON cannot hold the cycle', path: pointerOf(walk.path) });
    return null;
  }
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Set) value = [...value];
  if (value instanceof Map) value = Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), item as unknown]));
  const container = value as Record<string, unknown>;
  walk.within.add(container);
  for (const key of Object.keys(container)) {
    walk.budget -= key.length;
    walk.path.push(key);
    // An own `__proto__` key (yaml defines it as such) is an own data property: assigning it sets the value.
    container[key] = asJson(container[key], walk);
    walk.path.pop();
    if (walk.budget < 0) break;
  }
  walk.within.delete(container);
  return container;
}

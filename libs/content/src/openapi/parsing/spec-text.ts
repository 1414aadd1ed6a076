import { Document, isScalar, LineCounter, Node, parseDocument, visit } from 'yaml';
import { SpecFormat, SpecProblem } from './spec-parse';
import { SpecLines, YAML_OPTIONS } from './spec-lines';
import { pointerOf } from './json-pointer';

/**
 * Aliases a YAML document may expand to, counted by what they expand (yaml's `maxAliasCount`): an OpenAPI
 * document seldom has more than a few, and a "billion laughs" document is refused before it is expanded.
 */
const MAX_ALIAS_COUNT = 100;

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
  const problems = syntax.length ? syntax : repeatedKeys(document, counter);
  if (problems.length) return { format: 'yaml', problems };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    // yaml throws a ReferenceError for aliases that expand past the count, and for an alias to nothing.
    return { format: 'yaml', problems: [{ code: 'invalid-syntax', message: `The document's YAML aliases cannot be expanded: ${error.message}` }] };
  }
  const json = asJson(data, [], problems);
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

/**
 * YAML data as JSON, changed in place: what YAML has and JSON has not becomes its JSON form (a `!!binary`
 * value its base64, a timestamp its ISO text, a set its array, a map an object of its keys' text); a number
 * JSON cannot write (`.inf`, `.nan`) is a problem. `path` is the walk's position (a stack, for the problem's
 * pointer); the depth is that of the YAML parser, which read the same nesting.
 */
function asJson(value: unknown, path: string[], problems: SpecProblem[]): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    problems.push({ code: 'not-json', message: `${String(value)} is not a number JSON can hold`, path: pointerOf(path) });
    return null;
  }
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Set) value = [...value];
  if (value instanceof Map) value = Object.fromEntries([...value.entries()].map(([key, item]) => [String(key), item as unknown]));
  const container = value as Record<string, unknown>;
  for (const key of Object.keys(container)) {
    path.push(key);
    // An own `__proto__` key (yaml defines it as such) is an own data property: assigning it sets the value.
    container[key] = asJson(container[key], path, problems);
    path.pop();
  }
  return container;
}

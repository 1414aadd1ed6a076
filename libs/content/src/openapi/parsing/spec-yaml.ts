import { CORE_SCHEMA, load, Type, types, YAMLException } from 'js-yaml';
import { Document, isScalar, LineCounter, Node, parseDocument, visit } from 'yaml';
import { SpecProblem } from './spec-parse';
import { SpecLines, YAML_OPTIONS } from './spec-lines';
import { MAX_EXPANSION, yamlAsJson } from './yaml-as-json';

/** YAML 1.2 core scalars, exactly (js-yaml's own also read `0b101` as a number, and not `-.5`). */
const CORE_INT = /^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$/;
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/;

/** A tag nothing defines (`!Custom`) keeps the value it tags, as `yaml` reads it; one type per kind of node. */
const untagged = (kind: 'scalar' | 'sequence' | 'mapping') => new Type('', { kind, multi: true, construct: (data: unknown) => data });

/**
 * How a spec's YAML text is read for its data (js-yaml: four times faster than `yaml`, which reads 3.3 MB
 * in 2 s, and builds no node tree): the YAML 1.2 core schema as `yaml` reads it (no implicit dates or other
 * 1.1 types), merge keys (`<<`, common in hand-written specs), the explicit 1.1 tags `yaml` also reads with
 * the same results (`!!binary`, `!!timestamp`, `!!set` a list of its keys, `!!omap` an object, `!!pairs` a
 * list of one-key objects), unknown tags ignored. Keys are unique (js-yaml refuses a repeated one).
 */
const SPEC_SCHEMA = CORE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:int', { ...types.int.options, resolve: (data: string) => CORE_INT.test(data) && types.int.resolve(data) }),
    new Type('tag:yaml.org,2002:float', { ...types.float.options, resolve: (data: string) => CORE_FLOAT.test(data) }),
    types.merge,
  ],
  explicit: [
    types.binary,
    types.timestamp,
    new Type('tag:yaml.org,2002:set', { kind: 'mapping', resolve: types.set.resolve, construct: (data: object) => Object.keys(data) }),
    new Type('tag:yaml.org,2002:omap', { kind: 'sequence', resolve: types.omap.resolve, construct: (data: object[]) => Object.fromEntries(data.flatMap((pair) => Object.entries(pair))) }),
    new Type('tag:yaml.org,2002:pairs', { kind: 'sequence', resolve: types.pairs.resolve }),
    untagged('scalar'),
    untagged('sequence'),
    untagged('mapping'),
  ],
});

/**
 * Nesting js-yaml reads (its default is 100, which a large spec's schemas can reach): each level is a few
 * stack frames of the reader and of the JSON walk; 999 levels read within the stack of the main thread and
 * of a worker (deeper is refused, not a stack overflow).
 */
const MAX_DEPTH = 1_000;

/**
 * Keys merge keys may copy in all. js-yaml's default (10,000) would refuse a large hand-written spec merging
 * a shared mapping into each operation. A key copied either stays in the data, whose size as JSON yamlAsJson
 * bounds to MAX_EXPANSION times the text, or meets a key already there; so this bound, linear in the text,
 * is the one that documents the size bound accepts stay within.
 */
const maxMergedKeys = (text: string) => Math.max(10_000, MAX_EXPANSION * text.length);

/**
 * The document a YAML text holds, as plain JSON (see yamlAsJson), with its lines placed on demand by a
 * `yaml` parse of the text (js-yaml keeps no positions); or the problems that stop the reading.
 */
export function readYaml(text: string): { data: unknown; lines: () => SpecLines } | { problems: SpecProblem[] } {
  let data: unknown;
  try {
    data = load(text, { schema: SPEC_SCHEMA, maxDepth: MAX_DEPTH, maxTotalMergeKeys: maxMergedKeys(text) }) ?? null;
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { problems: refusal(text, error) };
  }
  const lines = SpecLines.lazy(text);
  const json = yamlAsJson(data, text.length);
  if ('problems' in json) return { problems: json.problems.map((problem) => (problem.path === undefined ? problem : { ...problem, line: lines().lineOf(problem.path) })) };
  return { data: json.data, lines };
}

/**
 * Why js-yaml refused a text, said as `yaml` says it, with lines (every syntax error it finds, or every key
 * repeated in its mapping); js-yaml's own first error, on its line, where `yaml` finds nothing to say.
 */
function refusal(text: string, error: YAMLException): SpecProblem[] {
  const counter = new LineCounter();
  const document = parseDocument(text, YAML_OPTIONS(counter));
  const syntax: SpecProblem[] = document.errors.map((found) => ({ code: 'invalid-syntax', message: `The document is not valid YAML: ${found.message}`, line: counter.linePos(found.pos[0]).line }));
  const problems = syntax.length ? syntax : repeatedKeys(document, counter);
  return problems.length ? problems : [{ code: 'invalid-syntax', message: `The document is not valid YAML: ${error.reason}`, line: error.mark.line + 1 }];
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

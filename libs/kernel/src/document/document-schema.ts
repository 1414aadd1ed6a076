import { INLINES } from './schema/inlines';
import { LAYOUT_BLOCKS } from './schema/layout-blocks';
import { MEDIA_BLOCKS } from './schema/media-blocks';
import { FragmentSchema, NodeSchema, TOP_LEVELS, types } from './schema/node-schema';
import { OPENAPI_BLOCKS } from './schema/openapi-blocks';
import { TABLE_BLOCK } from './schema/table-block';
import { TEXT_BLOCKS } from './schema/text-blocks';
import { nodeKey, text } from './schema/text-leaves';
import { anyString, fields, holds as has, integer, isObject, oneOf, optional, own, refusal } from './schema/value-checks';

/**
 * Folio's own judgement of a page document given as JSON: the JSONDocument of the client's spec, each
 * block, inline, text, leaf, mark and fragment with its `data`, what each container may hold, and the
 * spec's enums and limits. It describes the wire format, not Folio's typed model, so a document it accepts
 * is one GitBook's API would take, and one it refuses is refused naming the offending value's path.
 */

export const BLOCK_SCHEMAS: ReadonlyMap<string, NodeSchema> = new Map(
  Object.entries({ ...TEXT_BLOCKS, ...MEDIA_BLOCKS, ...LAYOUT_BLOCKS, table: TABLE_BLOCK, ...OPENAPI_BLOCKS }),
);
export const INLINE_SCHEMAS: ReadonlyMap<string, NodeSchema> = new Map(Object.entries(INLINES));

const NODE = ['object', 'type', 'key', 'data', 'isVoid'];
/** The properties each node type may have. */
const PROPERTIES = new Map<NodeSchema, ReadonlySet<string>>(
  [...BLOCK_SCHEMAS.values(), ...INLINE_SCHEMAS.values()].map((schema) => [
    schema,
    new Set([...NODE, ...(schema.nodes ? ['nodes'] : []), ...(schema.fragments ? ['fragments'] : []), ...(schema.meta ? ['meta'] : [])]),
  ]),
);
const FRAGMENT_PROPERTIES = new Set(['object', 'key', 'fragment', 'type', 'nodes']);

const documentFrame = fields({
  object: oneOf(['document']),
  // The spec leaves the document's data open beside its schema version.
  data: fields({ schemaVersion: optional(integer()) }, { open: true }),
  nodes: (value, path) => {
    if (!Array.isArray(value)) throw refusal(path, 'must be an array');
  },
  meta: optional(fields({ token: optional(anyString) })),
});
const TOP = types(TOP_LEVELS);

const VOID = { void: oneOf([true]), optional: oneOf([false]), required: oneOf([false]) };

/** A node waiting to be judged, with what holds it (for messages) and the types that may stand there. */
interface Pending {
  node: unknown;
  path: string;
  holder: string;
  holds: ReadonlySet<string>;
}

/**
 * Refuses (Invalid) a JSON document the client's spec would refuse, naming the first offending value's path
 * (`document.nodes[3].nodes[0].data.style: must be one of info, warning, danger, success`). Walked without
 * recursion; run after the document's bounds (assertDocumentBounds), so its cost is bounded by theirs.
 */
export function assertDocumentSchema(document: unknown, path = 'document'): void {
  documentFrame(document, path);
  const pending: Pending[] = [];
  const hold = (list: unknown[], listPath: string, holder: string, holds: ReadonlySet<string>) => {
    // Last first, so the walk (a stack) meets nodes in document order and names the first bad one.
    for (let i = list.length - 1; i >= 0; i--) pending.push({ node: list[i], path: `${listPath}[${i}]`, holder, holds });
  };
  hold((document as { nodes: unknown[] }).nodes, `${path}.nodes`, 'the document', TOP);
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) judgeNode(entry, hold);
}

type Hold = (list: unknown[], path: string, holder: string, holds: ReadonlySet<string>) => void;

function judgeNode({ node, path, holder, holds }: Pending, hold: Hold): void {
  if (!isObject(node)) throw refusal(path, 'must be an object');
  const object = own(node, 'object');
  if (object === 'text' && holds.has('text')) return text(node, path);
  const schemas = object === 'block' ? BLOCK_SCHEMAS : object === 'inline' ? INLINE_SCHEMAS : undefined;
  if (schemas === undefined || ![...holds].some((type) => schemas.has(type))) throw refusal(`${path}.object`, `must be one of ${kinds(holds)}`);
  const type = own(node, 'type');
  const schema = typeof type === 'string' ? schemas.get(type) : undefined;
  if (!schema) throw refusal(`${path}.type`, `must be one of ${[...holds].filter((name) => schemas.has(name)).join(', ')}`);
  if (!holds.has(type as string)) {
    throw refusal(path, `${holder} cannot hold ${article(type as string)} ${type} ${object} (it holds ${[...holds].join(', ')})`);
  }
  const what = `${article(type as string)} ${type} ${object}`;
  const properties = PROPERTIES.get(schema)!;
  for (const name of Object.keys(node)) if (!properties.has(name) && has(node, name)) throw refusal(`${path}.${name}`, `is not a property of ${what}`);
  if (has(node, 'key')) nodeKey(node.key, `${path}.key`);
  if (has(node, 'isVoid') || schema.isVoid !== 'optional') required(node, 'isVoid', path, VOID[schema.isVoid]);
  if (has(node, 'data') || schema.dataRequired) required(node, 'data', path, schema.data);
  if (schema.meta && has(node, 'meta')) schema.meta(node.meta, `${path}.meta`);
  if (schema.fragments) {
    const fragments = required<unknown[]>(node, 'fragments', path, list);
    // Pushed before the nodes and last first, so their nodes are judged after the node's own, in order.
    for (let i = fragments.length - 1; i >= 0; i--) judgeFragment(fragments[i], `${path}.fragments[${i}]`, type as string, schema.fragments, hold);
  }
  if (schema.nodes) {
    const nodes = required<unknown[]>(node, 'nodes', path, list);
    count(nodes, `${path}.nodes`, schema.nodes);
    hold(nodes, `${path}.nodes`, what, schema.nodes.holds);
  }
}

/** Judges a fragment's own fields and schedules its nodes. */
function judgeFragment(fragment: unknown, path: string, owner: string, schemas: readonly FragmentSchema[], hold: Hold): void {
  if (!isObject(fragment)) throw refusal(path, 'must be an object');
  for (const name of Object.keys(fragment)) if (!FRAGMENT_PROPERTIES.has(name) && has(fragment, name)) throw refusal(`${path}.${name}`, 'is not a property of a fragment');
  oneOf(['fragment'])(own(fragment, 'object'), `${path}.object`);
  if (has(fragment, 'key')) nodeKey(fragment.key, `${path}.key`);
  // One schema judges every fragment of a table or an annotation; an expandable's are told apart by name.
  const schema = schemas.length === 1 ? schemas[0] : schemas.find((s) => s.fragment === own(fragment, 'fragment'));
  if (!schema) throw refusal(`${path}.fragment`, `must be one of ${schemas.map((s) => s.fragment).join(', ')}`);
  for (const field of ['fragment', 'type'] as const) {
    const fixed = schema[field];
    if (fixed !== undefined) required(fragment, field, path, oneOf([fixed]));
    else if (has(fragment, field)) anyString(fragment[field], `${path}.${field}`);
  }
  const nodes = required<unknown[]>(fragment, 'nodes', path, list);
  count(nodes, `${path}.nodes`, schema);
  const name = typeof fragment.fragment === 'string' ? fragment.fragment : 'fragment';
  hold(nodes, `${path}.nodes`, `${article(owner)} ${owner}'s ${name}`, schema.holds);
}

/** The node's field, judged; `is required` when it is missing. */
function required<T = unknown>(node: Record<string, unknown>, name: string, path: string, check: (value: unknown, path: string) => void): T {
  if (!has(node, name)) throw refusal(`${path}.${name}`, 'is required');
  check(node[name], `${path}.${name}`);
  return node[name] as T;
}

const list = (value: unknown, path: string): void => {
  if (!Array.isArray(value)) throw refusal(path, 'must be an array');
};

function count(nodes: unknown[], path: string, { min, max }: { min?: number; max?: number }): void {
  if (min !== undefined && nodes.length < min) throw refusal(path, `must hold at least ${min} node${min === 1 ? '' : 's'}`);
  if (max !== undefined && nodes.length > max) throw refusal(path, `must hold at most ${max} node${max === 1 ? '' : 's'}`);
}

/** The node kinds (`block`, `inline`, `text`) a container's types belong to. */
function kinds(holds: ReadonlySet<string>): string {
  const found = new Set<string>();
  for (const type of holds) found.add(type === 'text' ? 'text' : BLOCK_SCHEMAS.has(type) ? 'block' : 'inline');
  return [...found].join(', ');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

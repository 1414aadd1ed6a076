import { INLINES } from './schema/inlines';
import { LAYOUT_BLOCKS } from './schema/layout-blocks';
import { MEDIA_BLOCKS } from './schema/media-blocks';
import { described, holderOf, NodeLocation, pathOf } from './schema/node-location';
import { FragmentSchema, NodeSchema, TOP_LEVELS, types } from './schema/node-schema';
import { OPENAPI_BLOCKS } from './schema/openapi-blocks';
import { TABLE_BLOCK } from './schema/table-block';
import { TEXT_BLOCKS } from './schema/text-blocks';
import { nodeKey, text } from './schema/text-leaves';
import { anyString, below, Check, fail, Failure, fields, holds as has, integer, isObject, judge, oneOf, optional, own, refusal } from './schema/value-checks';

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

const list: Check = (value) => (Array.isArray(value) ? undefined : fail('must be an array'));
const documentFrame = fields({
  object: oneOf(['document']),
  // The spec leaves the document's data open beside its schema version.
  data: fields({ schemaVersion: optional(integer()) }, { open: true }),
  nodes: list,
  meta: optional(fields({ token: optional(anyString) })),
});
const TOP = types(TOP_LEVELS);
const VOID = { void: oneOf([true]), optional: oneOf([false]), required: oneOf([false]) };
const FRAGMENT = oneOf(['fragment']);

/** The node kinds (`block`, `inline`, `text`) a container's types belong to, worked out once per container. */
const kindsCache = new Map<ReadonlySet<string>, ReadonlySet<string>>();
function kindsOf(holds: ReadonlySet<string>): ReadonlySet<string> {
  let kinds = kindsCache.get(holds);
  if (!kinds) {
    kinds = new Set([...holds].map((type) => (type === 'text' ? 'text' : BLOCK_SCHEMAS.has(type) ? 'block' : 'inline')));
    kindsCache.set(holds, kinds);
  }
  return kinds;
}

/**
 * Refuses (Invalid) a JSON document the client's spec would refuse, naming the first offending value's path
 * (`document.nodes[3].nodes[0].data.style: must be one of info, warning, danger, success`). Walked without
 * recursion; run after the document's bounds (assertDocumentBounds), so its cost is bounded by theirs.
 */
export function assertDocumentSchema(document: unknown, path = 'document'): void {
  judge(documentFrame, document, path);
  const pending: NodeLocation[] = [];
  const hold: Hold = (nodes, holder, fragment, holds) => {
    // Last first, so the walk (a stack) meets nodes in document order and names the first bad one.
    for (let index = nodes.length - 1; index >= 0; index--) pending.push({ node: nodes[index], holder, fragment, index, holds });
  };
  hold((document as { nodes: unknown[] }).nodes, undefined, undefined, TOP);
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) judgeNode(at, path, hold);
}

type Hold = (nodes: unknown[], holder: NodeLocation | undefined, fragment: number | undefined, holds: ReadonlySet<string>) => void;

function judgeNode(at: NodeLocation, documentPath: string, hold: Hold): void {
  const { node, holds } = at;
  if (!isObject(node)) throw refusal(pathOf(at, documentPath), 'must be an object');
  const object = own(node, 'object');
  if (object === 'text' && holds.has('text')) return field(text, node, at, documentPath);
  const schemas = object === 'block' ? BLOCK_SCHEMAS : object === 'inline' ? INLINE_SCHEMAS : undefined;
  if (!schemas || !kindsOf(holds).has(object as string)) {
    throw refusal(`${pathOf(at, documentPath)}.object`, `must be one of ${[...kindsOf(holds)].join(', ')}`);
  }
  const type = own(node, 'type');
  const schema = typeof type === 'string' ? schemas.get(type) : undefined;
  if (!schema) throw refusal(`${pathOf(at, documentPath)}.type`, `must be one of ${[...holds].filter((name) => schemas.has(name)).join(', ')}`);
  if (!holds.has(type as string)) throw refusal(pathOf(at, documentPath), `${holderOf(at)} cannot hold ${described(node)} (it holds ${[...holds].join(', ')})`);
  const properties = PROPERTIES.get(schema)!;
  for (const name of Object.keys(node)) {
    if (!properties.has(name) && has(node, name)) throw refusal(`${pathOf(at, documentPath)}.${name}`, `is not a property of ${described(node)}`);
  }
  if (has(node, 'key')) field(nodeKey, node, at, documentPath, 'key');
  if (has(node, 'isVoid') || schema.isVoid !== 'optional') field(VOID[schema.isVoid], node, at, documentPath, 'isVoid');
  if (has(node, 'data') || schema.dataRequired) field(schema.data, node, at, documentPath, 'data');
  if (schema.meta && has(node, 'meta')) field(schema.meta, node, at, documentPath, 'meta');
  if (schema.fragments && (has(node, 'fragments') || !schema.fragmentsOptional)) {
    field(list, node, at, documentPath, 'fragments');
    const fragments = node.fragments as unknown[];
    // Pushed before the nodes and last first, so their nodes are judged after the node's own, in order.
    for (let i = fragments.length - 1; i >= 0; i--) {
      const { nodes, holds: fragmentHolds } = judgeFragment(fragments[i], () => `${pathOf(at, documentPath)}.fragments[${i}]`, schema.fragments);
      hold(nodes, at, i, fragmentHolds);
    }
  }
  if (schema.nodes) {
    field(list, node, at, documentPath, 'nodes');
    const nodes = node.nodes as unknown[];
    const failure = count(nodes, schema.nodes);
    if (failure) throw refusal(`${pathOf(at, documentPath)}.nodes`, failure.message);
    hold(nodes, at, undefined, schema.nodes.holds);
  }
}

/** Judges the node (or its field `name`, `is required` when missing), naming its path only on a failure. */
function field(check: Check, node: Record<string, unknown>, at: NodeLocation, documentPath: string, name?: string): void {
  const failure = name === undefined ? check(node) : has(node, name) ? check(node[name]) : fail('is required');
  if (failure) throw refusal(`${pathOf(at, documentPath)}${name === undefined ? '' : `.${name}`}${failure.at}`, failure.message);
}

/** Judges a fragment's own fields against its schema (an expandable's are told apart by name); answers its nodes. */
function judgeFragment(fragment: unknown, path: () => string, schemas: readonly FragmentSchema[]): { nodes: unknown[]; holds: ReadonlySet<string> } {
  const check = (failure: Failure | undefined) => {
    if (failure) throw refusal(`${path()}${failure.at}`, failure.message);
  };
  if (!isObject(fragment)) throw refusal(path(), 'must be an object');
  for (const name of Object.keys(fragment)) if (!FRAGMENT_PROPERTIES.has(name) && has(fragment, name)) check(below(`.${name}`, fail('is not a property of a fragment')));
  check(below('.object', FRAGMENT(own(fragment, 'object'))));
  if (has(fragment, 'key')) check(below('.key', nodeKey(fragment.key)));
  // One schema judges every fragment of a table or an annotation.
  const schema = schemas.length === 1 ? schemas[0] : schemas.find((s) => s.fragment === own(fragment, 'fragment'));
  if (!schema) throw refusal(`${path()}.fragment`, `must be one of ${schemas.map((s) => s.fragment).join(', ')}`);
  for (const name of ['fragment', 'type'] as const) {
    const fixed = schema[name];
    if (fixed !== undefined) check(below(`.${name}`, has(fragment, name) ? oneOf([fixed])(fragment[name]) : fail('is required')));
    else if (has(fragment, name)) check(below(`.${name}`, anyString(fragment[name])));
  }
  check(below('.nodes', has(fragment, 'nodes') ? list(fragment.nodes) : fail('is required')));
  const nodes = fragment.nodes as unknown[];
  check(below('.nodes', count(nodes, schema)));
  return { nodes, holds: schema.holds };
}

function count(nodes: unknown[], { min, max }: { min?: number; max?: number }): Failure | undefined {
  if (min !== undefined && nodes.length < min) return fail(`must hold at least ${min} node${min === 1 ? '' : 's'}`);
  if (max !== undefined && nodes.length > max) return fail(`must hold at most ${max} node${max === 1 ? '' : 's'}`);
  return undefined;
}

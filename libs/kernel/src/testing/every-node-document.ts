/**
 * A page document holding every block, inline and mark type of the client's JSONDocument, each with the
 * data fields it may carry, written for Folio's tests (the schema's unit spec and the JSON round trip e2e).
 * `EXAMPLES` answers one example per type; `everyNodeDocument()` places them all where the spec allows.
 */

type Json = Record<string, unknown>;

export const text = (content: string, marks: Json[] = []): Json => ({ object: 'text', leaves: [{ object: 'leaf', text: content, marks }] });
const block = (type: string, fields: Json): Json => ({ object: 'block', type, ...fields });
const inline = (type: string, data: Json, fields: Json = { isVoid: true }): Json => ({ object: 'inline', type, data, ...fields });
export const paragraph = (...nodes: Json[]): Json => block('paragraph', { nodes: nodes.length > 0 ? nodes : [text('Some text.')] });

const url = (address: string) => ({ kind: 'url', url: address });
const openapi = { kind: 'openapi', spec: 'petstore' };

export const MARKS: Record<string, Json> = {
  bold: { object: 'mark', type: 'bold' },
  italic: { object: 'mark', type: 'italic' },
  code: { object: 'mark', type: 'code' },
  keyboard: { object: 'mark', type: 'keyboard' },
  strikethrough: { object: 'mark', type: 'strikethrough' },
  color: { object: 'mark', type: 'color', data: { text: 'red', background: '$warning' } },
  superscript: { object: 'mark', type: 'superscript' },
  subscript: { object: 'mark', type: 'subscript' },
};

export const INLINE_EXAMPLES: Record<string, Json> = {
  link: inline('link', { ref: url('https://example.com/guide') }, { nodes: [text('the guide', [MARKS.bold])] }),
  mention: inline('mention', { ref: { kind: 'user', user: 'u1' } }),
  emoji: inline('emoji', { code: '1f680' }),
  icon: inline('icon', { icon: 'rocket', color: '$primary' }),
  expression: inline('expression', { expression: 'space.vars.version' }),
  'inline-math': inline('inline-math', { formula: 'a^2+b^2' }),
  'inline-image': inline('inline-image', { ref: url('https://example.com/badge.svg'), alt: 'Build', caption: 'Status', size: 'line' }),
  annotation: inline('annotation', {}, {
    isVoid: false,
    nodes: [text('idempotent')],
    fragments: [{ object: 'fragment', type: 'annotation-body', nodes: [paragraph(text('Same result when repeated.'))] }],
  }),
  button: inline('button', { label: 'Get started', kind: 'primary', size: 'medium', icon: 'play', ref: { kind: 'page', page: 'p-start' } }),
};

const listItem = (checked?: boolean) => block('list-item', { ...(checked === undefined ? {} : { data: { checked } }), nodes: [paragraph()] });
const codeLine = block('code-line', { data: { highlighted: true }, nodes: [text('npm install '), INLINE_EXAMPLES.expression] });
const code = block('code', {
  data: { syntax: 'bash', title: 'install.sh', overflow: 'wrap', lineNumbers: true, fullWidth: false, expandable: true, collapsedLineCount: 12 },
  nodes: [codeLine, block('code-line', { data: {}, nodes: [text('npm run '), INLINE_EXAMPLES.annotation] })],
});
const image = block('image', {
  data: { ref: { kind: 'file', file: 'f-logo' }, refDark: url('https://example.com/logo-dark.png'), width: 320, height: { unit: 'px', value: 80 }, alt: 'Logo' },
  isVoid: true,
  fragments: [{ object: 'fragment', fragment: 'caption', nodes: [paragraph(text('Our logo'))] }],
});
const grid = block('table', {
  data: {
    view: { type: 'grid', columns: ['name', 'stars', 'done', 'tags'], columnWidths: { name: 240 }, hideHeader: false, stickyHeader: true },
    records: {
      r1: { orderIndex: 'a0', values: { name: 'c-r1', stars: 4, done: true, tags: ['beta'] } },
      r2: { orderIndex: 'a1', values: { name: 'c-r2', stars: null, done: false, tags: [] } },
    },
    definition: {
      name: { id: 'name', title: 'Name', type: 'text', textAlignment: 'left', verticalAlignment: 'top' },
      stars: { id: 'stars', title: 'Stars', type: 'rating', max: 5 },
      done: { id: 'done', title: 'Done', type: 'checkbox' },
      tags: { id: 'tags', title: 'Tags', type: 'select', multiple: true, options: [{ value: 'beta', label: 'Beta', color: 'blue' }] },
    },
    cellMerges: [{ anchor: { record: 'r1', column: 'name' }, rowSpan: 1, colSpan: 2 }],
    fullWidth: true,
  },
  isVoid: true,
  fragments: [
    { object: 'fragment', fragment: 'c-r1', nodes: [paragraph(text('First'))] },
    { object: 'fragment', fragment: 'c-r2', nodes: [paragraph(text('Second'))] },
  ],
});
const cards = block('table', {
  data: {
    view: { type: 'cards', cardSize: 'large', columns: ['title', 'cover', 'target', 'count', 'owners', 'files'], targetDefinition: 'target', coverDefinition: 'cover', wrap: true },
    records: {
      r1: {
        orderIndex: 'a0',
        values: { title: 'c-card', cover: { ref: { kind: 'file', file: 'f-cover' }, objectFit: 'cover' }, target: { kind: 'page', page: 'p-start' }, count: 3, owners: ['u1'], files: ['f-logo'] },
      },
    },
    definition: {
      title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'center' },
      cover: { id: 'cover', title: 'Cover', type: 'image' },
      target: { id: 'target', title: 'Target', type: 'content-ref' },
      count: { id: 'count', title: 'Count', type: 'number' },
      owners: { id: 'owners', title: 'Owners', type: 'users', multiple: true },
      files: { id: 'files', title: 'Files', type: 'files' },
    },
  },
  isVoid: true,
  fragments: [{ object: 'fragment', fragment: 'c-card', nodes: [paragraph(text('A card'))] }],
});

/** One example of each block type, valid where it stands: inside its container for the types that need one. */
export const BLOCK_EXAMPLES: Record<string, Json> = {
  paragraph: block('paragraph', { data: { align: 'center' }, nodes: [text('Plain, '), ...Object.values(MARKS).map((mark) => text(`${mark.type} `, [mark]))] }),
  'heading-1': block('heading-1', { data: { id: 'welcome', align: 'start' }, nodes: [text('Welcome')] }),
  'heading-2': block('heading-2', { data: {}, nodes: [text('Install '), INLINE_EXAMPLES.emoji] }),
  'heading-3': block('heading-3', { data: { id: 'v1.2_notes' }, nodes: [text('Notes')] }),
  'list-ordered': block('list-ordered', { data: { start: 3 }, nodes: [listItem(), listItem()] }),
  'list-unordered': block('list-unordered', { data: {}, nodes: [block('list-item', { nodes: [paragraph(), block('list-unordered', { nodes: [listItem()] })] })] }),
  'list-tasks': block('list-tasks', { nodes: [listItem(true), listItem(false)] }),
  'list-item': listItem(),
  divider: block('divider', { data: {}, isVoid: true }),
  blockquote: block('blockquote', { data: {}, nodes: [paragraph(), block('blockquote', { nodes: [paragraph()] })] }),
  hint: block('hint', { data: { style: 'success', icon: 'circle-check' }, nodes: [paragraph(), grid] }),
  prompt: block('prompt', { data: { description: 'Review the guide', icon: 'sparkles', openInAIProviders: true, defaultExpanded: 'partial' }, nodes: [code] }),
  if: block('if', { data: { expression: 'visitor.claims.beta === true' }, nodes: [paragraph()] }),
  images: block('images', { data: { align: 'center', fullWidth: false, withFrame: true }, isVoid: false, nodes: [image] }),
  image,
  file: block('file', { data: { ref: { kind: 'file', file: 'f-guide' } }, isVoid: true }),
  drawing: block('drawing', { data: { ref: { kind: 'file', file: 'f-drawing' } }, isVoid: true }),
  embed: block('embed', { data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', fullWidth: true }, isVoid: true }),
  code,
  'code-line': codeLine,
  math: block('math', { data: { formula: '\\int_0^1 x\\,dx' }, isVoid: true }),
  expandable: block('expandable', {
    data: { defaultExpanded: true },
    isVoid: true,
    fragments: [
      { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph(text('More'))] },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [paragraph(), code] },
    ],
  }),
  tabs: block('tabs', { data: { fullWidth: false }, nodes: [block('tabs-item', { data: { title: 'npm', icon: 'npm', slug: 'npm' }, nodes: [paragraph()] })] }),
  'tabs-item': block('tabs-item', { data: { title: 'yarn' }, nodes: [paragraph()] }),
  table: grid,
  swagger: block('swagger', { data: { ref: url('https://example.com/openapi.json'), path: '/pets', method: 'get', expanded: true }, isVoid: true }),
  'openapi-operation': block('openapi-operation', { data: { ref: openapi, path: '/pets/{id}', method: 'delete' }, isVoid: true }),
  'openapi-schemas': block('openapi-schemas', { data: { ref: openapi, schemas: ['Pet', 'Error'], grouped: false, title: 'Models' }, isVoid: true }),
  'openapi-webhook': block('openapi-webhook', { data: { ref: openapi, name: 'petAdopted', method: 'post' }, isVoid: true }),
  'content-ref': block('content-ref', { data: { ref: { kind: 'anchor', anchor: 'install', page: 'p-start' } }, isVoid: true }),
  integration: block('integration', {
    data: { integration: 'github', block: 'file', props: { url: 'https://github.com/o/r', lines: [1, 2], options: { wrap: true } }, action: { action: '@link.unfurl', url: 'https://github.com/o/r' } },
    isVoid: true,
  }),
  'reusable-content': block('reusable-content', { data: { ref: { kind: 'reusable-content', reusableContent: 'rc-footer' } }, isVoid: true }),
  stepper: block('stepper', { nodes: [block('stepper-step', { data: { icon: 'download' }, nodes: [paragraph()] }), block('stepper-step', { data: {}, nodes: [paragraph()] })] }),
  'stepper-step': block('stepper-step', { data: {}, nodes: [paragraph()] }),
  columns: block('columns', {
    data: { fullWidth: true },
    isVoid: false,
    nodes: [
      block('column', { data: { width: 50, verticalAlignment: 'middle' }, nodes: [paragraph()] }),
      block('column', { data: { width: { unit: '%', value: 50 } }, nodes: [cards] }),
    ],
  }),
  column: block('column', { data: {}, nodes: [paragraph()] }),
  updates: block('updates', {
    data: { format: 'short' },
    nodes: [block('update', { data: { date: '2025-03-01T09:30:00.000Z', tags: [{ kind: 'tag', tag: 't-release' }] }, nodes: [paragraph()] })],
  }),
  update: block('update', { data: { date: '2025-02-01T00:00:00Z' }, nodes: [paragraph()] }),
};

/** The container each nested-only block type stands in, in `everyNodeDocument`. */
export const NESTED_IN: Record<string, string> = {
  'list-item': 'list-ordered',
  image: 'images',
  'code-line': 'code',
  'tabs-item': 'tabs',
  'stepper-step': 'stepper',
  column: 'columns',
  update: 'updates',
};

/** Every example in a place the spec allows: a nested-only type as the last child of its container. */
export function everyNodeDocument(): Json {
  const nodes = Object.entries(BLOCK_EXAMPLES)
    .filter(([type]) => NESTED_IN[type] === undefined)
    .map(([type, node]) => {
      const nested = Object.entries(NESTED_IN).find(([, container]) => container === type);
      return nested ? { ...node, nodes: [...(node.nodes as Json[]), BLOCK_EXAMPLES[nested[0]]] } : node;
    });
  nodes.push(paragraph(text('Inline: '), ...Object.values(INLINE_EXAMPLES), text('.')));
  nodes.push(paragraph(inline('button', { label: 'Search', kind: 'secondary', action: { action: 'search', query: 'install' } })));
  // Through JSON, so an example used twice is two nodes (keys are set in place).
  return JSON.parse(JSON.stringify({ object: 'document', data: { schemaVersion: 1 }, nodes })) as Json;
}

/**
 * Node types whose schema in the client's spec refuses what it describes: a button's data requires `label`
 * and `kind` yet its `ref` and `action` branches allow no other field; an integration's props (PlainObject,
 * a schema without a type) match any string, number or boolean besides the branch naming its type, so
 * `oneOf` refuses every scalar prop. Folio follows the fields the spec lists (see document-schema.ts).
 */
export const SPEC_CONTRADICTIONS: ReadonlySet<string> = new Set(['button', 'integration']);

/** A copy of a document without the nodes of SPEC_CONTRADICTIONS: what the spec's own schema can check. */
export function withoutSpecContradictions<T>(document: T): T {
  return JSON.parse(
    JSON.stringify(document, (_name, value: unknown) =>
      Array.isArray(value) ? value.filter((node) => !SPEC_CONTRADICTIONS.has((node as { type?: string } | null)?.type ?? '')) : value,
    ),
  ) as T;
}

import { withoutKeys } from '../document/document-keys';
import { Block, Fragment, PageDocument, Paragraph } from '../document/document.model';
import { API_LINKS, PageFrontMatter } from './dialect';
import { documentToMarkdown } from './document-to-markdown';
import { WRITTEN_TARGETS } from './fidelity';
import { markdownToDocument } from './markdown-to-document';

const text = (value: string) => ({ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: value, marks: [] }] });
const p = (value: string): Paragraph => ({ object: 'block', type: 'paragraph', nodes: value ? [text(value)] : [] });
const caption = (...nodes: Block[]): Fragment => ({ object: 'fragment', fragment: 'caption', nodes });
const line = (value: string, highlighted = false) => ({ object: 'block' as const, type: 'code-line' as const, data: highlighted ? { highlighted } : {}, nodes: [text(value)] });
const item = (...nodes: Block[]) => ({ object: 'block' as const, type: 'list-item' as const, nodes });

/** One document per block type of the spec, in the shape the reader gives it: written, then read, it is the same. */
const BLOCKS: [string, Block[]][] = [
  ['paragraph, empty paragraph, aligned paragraph', [p('Text.'), p(''), { ...p('Centred.'), data: { align: 'center' } }]],
  ['headings 1 to 3, with an anchor', [
    { object: 'block', type: 'heading-1', data: {}, nodes: [text('One')] },
    { object: 'block', type: 'heading-2', data: { id: 'two' }, nodes: [text('Two')] },
    { object: 'block', type: 'heading-3', data: {}, nodes: [text('Three')] },
  ]],
  ['lists, nested, and two of a kind in a row', [
    { object: 'block', type: 'list-unordered', nodes: [item(p('a'), { object: 'block', type: 'list-ordered', data: { start: 3 }, nodes: [item(p('b'))] }), item(p('c'), p('d'))] },
    { object: 'block', type: 'list-unordered', nodes: [item(p('second list'))] },
    { object: 'block', type: 'list-tasks', nodes: [{ ...item(p('done')), data: { checked: true } }, { ...item(p('todo')), data: { checked: false } }] },
    { object: 'block', type: 'list-ordered', data: {}, nodes: [item(p('one'))] },
    { object: 'block', type: 'list-ordered', data: {}, nodes: [item(p('two'))] },
  ]],
  ['divider and block quote', [{ object: 'block', type: 'divider', data: {}, isVoid: true }, { object: 'block', type: 'blockquote', nodes: [p('Quoted.'), p('Twice.')] }]],
  ['hint of every style, with an icon', (['info', 'warning', 'danger', 'success'] as const).map((style) => ({ object: 'block', type: 'hint', data: { style, icon: 'star' }, nodes: [p(style)] }))],
  ['code with every field, and highlighted lines', [
    { object: 'block', type: 'code', data: { syntax: 'ts', title: 'a.ts', overflow: 'wrap', lineNumbers: true, fullWidth: false, expandable: true, collapsedLineCount: 4 }, nodes: [line('const a = "```";'), line('')] },
    { object: 'block', type: 'code', data: { syntax: 'yaml', title: 'b.yaml' }, nodes: [line('a: <1> & 2'), line('b: 2', true), line('c: 3', true)] },
    { object: 'block', type: 'code', data: { syntax: 'mermaid' }, nodes: [line('flowchart LR'), line('  A --> B')] },
  ]],
  ['math', [{ object: 'block', type: 'math', data: { formula: '\\sqrt{2}' }, isVoid: true }]],
  ['images with captions, a dark variant, sizes, alignment and a frame', [
    { object: 'block', type: 'images', data: {}, isVoid: false, nodes: [
      { object: 'block', type: 'image', data: { ref: { kind: 'file', file: 'f1' }, alt: 'A "quoted" & fine alt' }, fragments: [caption(p('Caption.'))], isVoid: true }] },
    { object: 'block', type: 'images', data: { align: 'center', fullWidth: true, withFrame: true }, isVoid: false, nodes: [
      { object: 'block', type: 'image', data: { ref: { kind: 'url', url: 'https://i.dev/a.png' }, refDark: { kind: 'file', file: 'f2' }, width: 300, height: { unit: '%', value: 50 } }, fragments: [], isVoid: true },
      { object: 'block', type: 'image', data: { ref: { kind: 'file', file: 'f3' } }, fragments: [caption()], isVoid: true }] },
  ]],
  ['file, drawing and embed, with and without a caption', [
    { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f1' } }, isVoid: true },
    { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f2' } }, isVoid: true, fragments: [caption(p('The report.'))] } as Block,
    { object: 'block', type: 'drawing', data: { ref: { kind: 'file', file: 'd1' } }, isVoid: true },
    { object: 'block', type: 'embed', data: { url: 'https://v.dev/1' }, isVoid: true },
    { object: 'block', type: 'embed', data: { url: 'https://v.dev/2', fullWidth: true }, isVoid: true, fragments: [caption(p('A video.'))] } as Block,
  ]],
  ['expandable, open by default', [{ object: 'block', type: 'expandable', data: { defaultExpanded: true }, isVoid: true, fragments: [
    { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [p('Why?')] },
    { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [p('Because.'), { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [p('Nested.')] }] }] }]],
  ['tabs, steppers, columns', [
    { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'A', icon: 'apple' }, nodes: [p('a')] }, { object: 'block', type: 'tabs-item', data: {}, nodes: [p('b')] }] },
    { object: 'block', type: 'tabs', data: { fullWidth: true }, nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'Only' }, nodes: [] }] },
    { object: 'block', type: 'stepper', nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: [p('one')] }, { object: 'block', type: 'stepper-step', data: { icon: 'flag' }, nodes: [p('two')] }] },
    { object: 'block', type: 'columns', data: { fullWidth: false }, isVoid: false, nodes: [
      { object: 'block', type: 'column', data: { width: { unit: '%', value: 40 }, verticalAlignment: 'middle' }, nodes: [p('left')] },
      { object: 'block', type: 'column', data: {}, nodes: [p('right')] }] },
  ]],
  ['updates', [{ object: 'block', type: 'updates', data: { format: 'full' }, nodes: [
    { object: 'block', type: 'update', data: { date: '2026-01-02T00:00:00.000Z', tags: [{ kind: 'tag', tag: 'new' }, { kind: 'tag', tag: 'beta' }] }, nodes: [p('New.')] },
    { object: 'block', type: 'update', data: { date: '2026-01-01T00:00:00.000Z' }, nodes: [p('Old.')] }] }]],
  ['if, prompt, reusable content, content-ref, integration', [
    { object: 'block', type: 'if', data: { expression: 'visitor.claims.plan === "pro"' }, nodes: [p('Pro.')] },
    { object: 'block', type: 'prompt', data: { description: 'Ask', icon: 'robot', openInAIProviders: true, defaultExpanded: 'full' }, nodes: [{ object: 'block', type: 'code', data: { syntax: 'markdown' }, nodes: [line('Explain.')] }] },
    { object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } }, isVoid: true },
    { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'pg1' } }, isVoid: true },
    { object: 'block', type: 'integration', data: { integration: 'maps', block: 'map', props: { city: 'Lyon', zoom: '3' } }, isVoid: true },
    { object: 'block', type: 'integration', data: { integration: 'sketch', block: 'canvas', props: {} }, isVoid: true },
  ]],
  ['OpenAPI blocks', [
    { object: 'block', type: 'swagger', data: { ref: { kind: 'url', url: 'https://api.dev/spec.yaml' }, path: '/pets', method: 'get', expanded: true }, isVoid: true },
    { object: 'block', type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets/{id}', method: 'delete' }, isVoid: true },
    { object: 'block', type: 'openapi-schemas', data: { ref: { kind: 'openapi', spec: 'pets' }, schemas: ['Pet', 'Owner'], grouped: false, title: 'Models' }, isVoid: true },
    { object: 'block', type: 'openapi-webhook', data: { ref: { kind: 'openapi', spec: 'pets' }, name: 'pet.created', method: 'post' }, isVoid: true },
  ]],
];

const cell = (name: string, value: string): Fragment => ({ object: 'fragment', fragment: name, nodes: [p(value)] });
const TABLES: [string, Block][] = [
  ['a grid as a GFM table', { object: 'block', type: 'table', isVoid: true, data: {
    view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
    definition: { c0: { id: 'c0', title: 'Name', type: 'text', textAlignment: 'left' }, c1: { id: 'c1', title: 'Size', type: 'text', textAlignment: 'right' } },
    records: { r0: { orderIndex: 'a0', values: { c0: 'r0-c0', c1: 'r0-c1' } } } },
    fragments: [cell('r0-c0', 'a | b'), cell('r0-c1', '1')] }],
  ['a grid with widths, alignment, a hidden header and column types as HTML', { object: 'block', type: 'table', isVoid: true, data: {
    view: { type: 'grid', columns: ['c0', 'c1', 'c2', 'c3'], hideHeader: true, columnWidths: { c0: 120 } },
    definition: {
      c0: { id: 'c0', title: 'Day', type: 'text', textAlignment: 'center', verticalAlignment: 'top' },
      c1: { id: 'c1', title: 'Rain', type: 'number' }, c2: { id: 'c2', title: 'Done', type: 'checkbox' }, c3: { id: 'c3', title: 'Log', type: 'files' } },
    records: { r0: { orderIndex: 'a0', values: { c0: 'r0-c0', c1: 12, c2: true, c3: ['f1', 'f2'] } }, r1: { orderIndex: 'a1', values: { c0: 'r1-c0' } } },
    fullWidth: true, search: false },
    fragments: [{ object: 'fragment', fragment: 'r0-c0', nodes: [{ object: 'block', type: 'heading-3', data: {}, nodes: [text('Mon')] }, p('Sunny.')] }, cell('r1-c0', 'Tue')] }],
  ['cards with a target, covers and a hidden column', { object: 'block', type: 'table', isVoid: true, data: {
    view: { type: 'cards', cardSize: 'large', columns: ['c0'], targetDefinition: 'c1', coverDefinition: 'c2', coverDefinitionDark: 'c3', wrap: false },
    definition: { c0: { id: 'c0', title: '', type: 'text', textAlignment: 'left' }, c1: { id: 'c1', title: '', type: 'content-ref' }, c2: { id: 'c2', title: 'Cover', type: 'image' }, c3: { id: 'c3', title: '', type: 'image' } },
    records: { r0: { orderIndex: 'a0', values: { c0: 'r0-c0', c1: { kind: 'page', page: 'pg1' }, c2: { kind: 'file', file: 'f1' }, c3: { kind: 'url', url: 'https://i.dev/d.png' } } } } },
    fragments: [cell('r0-c0', 'Start here')] }],
];

const PAGE: PageFrontMatter = {
  title: 'A [page]', description: 'About: everything', icon: 'book', hidden: true, noIndex: false, noRobotsIndex: true, condition: 'visitor.claims.staff',
  layout: { width: 'wide', cover: true, coverSize: 'hero', coverMask: 'radial', title: true, description: false, tableOfContents: true, outline: false, pagination: true, metadata: false },
  cover: { ref: { kind: 'file', file: 'cover' }, yPos: -20, height: 300 },
  metaLinks: { canonical: { kind: 'url', url: 'https://docs.dev/a' }, alternates: [{ kind: 'page', page: 'pg2' }] },
  variables: { version: '1.2', count: 3, beta: true },
};

const roundTrip = (document: PageDocument, page: PageFrontMatter = {}, links = API_LINKS) => {
  const written = documentToMarkdown(document, page, { links });
  return { written, read: withoutKeys(markdownToDocument(written, { links })) };
};
const documentOf = (nodes: Block[], data: PageDocument['data'] = {}): PageDocument => ({ object: 'document', data, nodes });

describe('document → markdown → document, per block type of the spec', () => {
  it.each(BLOCKS)('%s', (_name, nodes) => {
    const { written, read } = roundTrip(documentOf(nodes));
    expect(read).toEqual({ document: documentOf(nodes) });
    expect(roundTrip(read.document).written).toBe(written);
  });

  it.each(TABLES)('table: %s', (_name, table) => {
    const { read } = roundTrip(documentOf([table]));
    expect(read.document.nodes).toEqual([table]);
  });

  it('writes targets through the page\'s links (paths in a Git Sync folder)', () => {
    const nodes: Block[] = [
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: '../guide.md' } }, isVoid: true },
      { object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: '../.gitbook/includes/note.md' } }, isVoid: true },
      { object: 'block', type: 'file', data: { ref: { kind: 'file', file: '../.gitbook/assets/a.pdf' } }, isVoid: true },
    ];
    const { written, read } = roundTrip(documentOf(nodes), {}, WRITTEN_TARGETS);
    expect(written).toBe('{% content-ref url="../guide.md" %}\n[../guide.md](../guide.md)\n{% endcontent-ref %}\n\n{% include "../.gitbook/includes/note.md" %}\n\n{% file src="../.gitbook/assets/a.pdf" %}\n{% endfile %}\n');
    expect(read.document.nodes).toEqual(nodes);
  });
});

describe('front matter', () => {
  it('writes every page field GitBook keeps in front matter, and the keys kept from it, and reads them back', () => {
    const document = documentOf([p('Body.')], { frontMatter: { owner: 'team', tags: ['a'] } });
    const { written, read } = roundTrip(document, PAGE);
    expect(read).toEqual({ ...PAGE, document });
    expect(written).toMatch(/^---\ndescription: "About: everything"\nicon: book\ncover: \/files\/cover\ncoverY: -20\ncoverHeight: 300\nlayout:\n  width: wide\n  cover:\n    visible: true\n/);
    expect(written).toContain('\nif: visitor.claims.staff\nvars:\n  version: "1.2"\n');
    expect(written).toContain('\nowner: team\ntags:\n  - a\n---\n\n# A \\[page]\n\nBody.\n');
  });

  it('reads front matter a known field does not fit as a key kept as written', () => {
    const { document, ...page } = markdownToDocument('---\nlayout:\n  width: huge\nvars: [1, 2]\n---\n# T\n');
    expect(page).toEqual({ title: 'T' });
    expect(document.data).toEqual({ frontMatter: { layout: { width: 'huge' }, vars: [1, 2] } });
  });
});

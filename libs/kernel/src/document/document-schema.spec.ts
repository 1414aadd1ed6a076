import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Invalid } from '@folio/platform/domain/errors';
import { expectMatchesSchema, spec } from '@folio/platform/testing/client-spec';
import { BLOCK_EXAMPLES, everyNodeDocument, INLINE_EXAMPLES, MARKS, NESTED_IN, paragraph, SPEC_CONTRADICTIONS, text, withoutSpecContradictions } from '../testing/every-node-document';
import { assertDocumentSchema, BLOCK_SCHEMAS, INLINE_SCHEMAS } from './document-schema';
import { MAX_DOCUMENT_DEPTH } from './document-limits';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { BLOCK_TYPES } from './schema/node-schema';
import { MARK_TYPES } from './schema/text-leaves';

type Json = Record<string, unknown>;

/** The spec's schemas of a union (`DocumentBlock`), by the node type each stands for. */
function specTypes(union: string): Map<string, string> {
  const types = new Map<string, string>();
  const schemas = spec.components.schemas as Record<string, Json>;
  for (const { $ref } of schemas[union].oneOf as { $ref: string }[]) {
    const name = $ref.split('/').pop()!;
    for (const type of (schemas[name].properties as { type: { enum: string[] } }).type.enum) types.set(type, name);
  }
  return types;
}
const SPEC_BLOCKS = specTypes('DocumentBlock');
const SPEC_INLINES = specTypes('DocumentInline');
const SPEC_MARKS = specTypes('DocumentTextMark');

const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The Invalid's message the document is refused with, null when it is taken. */
function refusalOrNone(document: unknown): string | null {
  try {
    assertDocumentSchema(document);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Error).message;
  }
}

function refusal(document: unknown): string {
  const message = refusalOrNone(document);
  if (message === null) throw new Error('the document was accepted');
  return message;
}

/** A block of the examples with a change made to a copy. */
function changed(type: string, change: (node: Json) => void): Json {
  const node = clone(BLOCK_EXAMPLES[type]);
  change(node);
  return node;
}

describe('the document schema', () => {
  it('knows exactly the block, inline and mark types of the spec', () => {
    expect(new Set(BLOCK_SCHEMAS.keys())).toEqual(new Set(SPEC_BLOCKS.keys()));
    expect(new Set(BLOCK_TYPES)).toEqual(new Set(SPEC_BLOCKS.keys()));
    expect(new Set(INLINE_SCHEMAS.keys())).toEqual(new Set(SPEC_INLINES.keys()));
    expect(new Set(MARK_TYPES)).toEqual(new Set(SPEC_MARKS.keys()));
    expect(new Set(Object.keys(BLOCK_EXAMPLES))).toEqual(new Set(SPEC_BLOCKS.keys()));
    expect(new Set(Object.keys(INLINE_EXAMPLES))).toEqual(new Set(SPEC_INLINES.keys()));
    expect(new Set(Object.keys(MARKS))).toEqual(new Set(SPEC_MARKS.keys()));
  });

  it('takes a document holding every block, inline and mark type, as the spec takes it', () => {
    expect(() => assertDocumentSchema(everyNodeDocument())).not.toThrow();
    expectMatchesSchema('JSONDocument', withoutSpecContradictions(everyNodeDocument()));
  });

  describe.each([...SPEC_BLOCKS])('a %s block', (type, schemaName) => {
    it(SPEC_CONTRADICTIONS.has(type) ? 'is taken though the spec contradicts itself' : 'is taken, as the spec takes it', () => {
      const example = BLOCK_EXAMPLES[type];
      const container = NESTED_IN[type];
      expect(() => assertDocumentSchema(doc(container ? { ...BLOCK_EXAMPLES[container], nodes: [example] } : example))).not.toThrow();
      if (SPEC_CONTRADICTIONS.has(type)) expect(() => expectMatchesSchema(schemaName, example)).toThrow(/does not match/);
      else expectMatchesSchema(schemaName, example);
    });
  });

  describe.each([...SPEC_INLINES])('a %s inline', (type, schemaName) => {
    it('is taken in a paragraph, as the spec takes it', () => {
      const example = INLINE_EXAMPLES[type];
      expect(() => assertDocumentSchema(doc(paragraph(example)))).not.toThrow();
      if (SPEC_CONTRADICTIONS.has(type)) expect(() => expectMatchesSchema(schemaName, example)).toThrow(/does not match/);
      else expectMatchesSchema(schemaName, example);
    });
  });

  describe.each([...SPEC_MARKS])('a %s mark', (type, schemaName) => {
    it('is taken on a leaf, as the spec takes it', () => {
      expect(() => assertDocumentSchema(doc(paragraph(text('x', [MARKS[type]]))))).not.toThrow();
      expectMatchesSchema(schemaName, MARKS[type]);
    });
  });

  it("takes a file reference as a table value, which the spec's oneOf refuses (it is a ContentRef and an image record)", () => {
    const table = changed('table', (node) => ((((node.data as Json).records as Json).r1 as Json).values = { name: { kind: 'file', file: 'f-logo' } }));
    expect(() => assertDocumentSchema(doc(table))).not.toThrow();
    expect(() => expectMatchesSchema('DocumentTableRecord', ((table.data as Json).records as Json).r1)).toThrow(/does not match/);
  });

  it('takes a button that acts instead of linking, and a table cell holding any block', () => {
    const search = { object: 'inline', type: 'button', isVoid: true, data: { label: 'Ask', kind: 'secondary', action: { action: 'ask', query: 'How?' } } };
    const table = changed('table', (node) => ((node.fragments as Json[])[0].nodes = [BLOCK_EXAMPLES.updates, BLOCK_EXAMPLES['list-item']]));
    expect(() => assertDocumentSchema(doc(paragraph(search), table))).not.toThrow();
  });

  it('refuses a value outside an enum, naming the path and the values', () => {
    const hint = changed('hint', (node) => ((node.data as Json).style = 'note'));
    expect(refusal(doc(paragraph(), paragraph(), paragraph(), hint))).toBe('document.nodes[3].data.style: must be one of info, warning, danger, success');
    const colored = paragraph(text('x', [{ object: 'mark', type: 'color', data: { text: 'teal', background: 'default' } }]));
    expect(refusal(doc(colored))).toBe('document.nodes[0].nodes[0].leaves[0].marks[0].data.text: must be one of ' + [
      'default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'pink', 'violet', 'cyan', '$primary', '$info', '$success', '$warning', '$danger', '$tint',
    ].join(', ')); // prettier-ignore
    expect(refusal(doc(changed('updates', (node) => ((node.data as Json).format = 'long'))))).toBe('document.nodes[0].data.format: must be one of numeric, full, short');
  });

  it('refuses missing data and missing required data fields', () => {
    expect(refusal(doc(changed('hint', (node) => delete node.data)))).toBe('document.nodes[0].data: is required');
    expect(refusal(doc(changed('embed', (node) => delete (node.data as Json).url)))).toBe('document.nodes[0].data.url: is required');
    const image = changed('images', (node) => delete ((node.nodes as Json[])[0].data as Json).ref);
    expect(refusal(doc(image))).toBe('document.nodes[0].nodes[0].data.ref: is required');
    expect(refusal(doc(changed('prompt', (node) => delete (node.data as Json).description)))).toBe('document.nodes[0].data.description: is required');
    expect(refusal(doc(changed('updates', (node) => delete ((node.nodes as Json[])[0].data as Json).date)))).toBe('document.nodes[0].nodes[0].data.date: is required');
  });

  it('refuses a node its container cannot hold', () => {
    expect(refusal(doc(text('loose')))).toBe('document.nodes[0].object: must be one of block');
    expect(refusal(doc(BLOCK_EXAMPLES['list-item']))).toMatch(/^document\.nodes\[0\]: the document cannot hold a list-item block \(it holds paragraph, heading-1, /);
    const list = changed('list-ordered', (node) => ((node.nodes as Json[])[0].nodes = [BLOCK_EXAMPLES.tabs]));
    expect(refusal(doc(list))).toBe(
      'document.nodes[0].nodes[0].nodes[0]: a list-item block cannot hold a tabs block (it holds paragraph, heading-1, heading-2, heading-3, list-ordered, list-unordered, list-tasks, divider, code, hint, blockquote, math, table, images)',
    );
    expect(refusal(doc(paragraph(BLOCK_EXAMPLES.divider)))).toBe('document.nodes[0].nodes[0].object: must be one of text, inline');
    expect(refusal(doc(changed('hint', (node) => (node.nodes = [BLOCK_EXAMPLES.code]))))).toMatch(/^document\.nodes\[0\]\.nodes\[0\]: a hint block cannot hold a code block/);
    const link = { ...INLINE_EXAMPLES.link, nodes: [INLINE_EXAMPLES.emoji] };
    expect(refusal(doc(paragraph(link)))).toBe('document.nodes[0].nodes[0].nodes[0]: a link inline cannot hold an emoji inline (it holds text, inline-image)');
    const caption = changed('image', (node) => ((node.fragments as Json[])[0].nodes = [BLOCK_EXAMPLES.divider]));
    expect(refusal(doc({ ...BLOCK_EXAMPLES.images, nodes: [caption] }))).toBe(
      "document.nodes[0].nodes[0].fragments[0].nodes[0]: an image block's caption cannot hold a divider block (it holds paragraph)",
    );
  });

  it('refuses a type the spec does not have', () => {
    expect(refusal(doc({ object: 'block', type: 'callout', nodes: [] }))).toMatch(/^document\.nodes\[0\]\.type: must be one of paragraph, heading-1, .*, updates$/);
    expect(refusal(doc(paragraph({ object: 'inline', type: 'footnote', isVoid: true, data: {} })))).toBe(
      'document.nodes[0].nodes[0].type: must be one of link, emoji, icon, expression, inline-math, inline-image, annotation, mention, button',
    );
    expect(refusal(doc(paragraph(text('x', [{ object: 'mark', type: 'underline' }]))))).toBe(
      'document.nodes[0].nodes[0].leaves[0].marks[0].type: must be one of bold, italic, code, keyboard, strikethrough, color, superscript, subscript',
    );
  });

  it('refuses unknown properties and data fields, whatever their name', () => {
    expect(refusal(doc({ ...paragraph(), style: 'x' }))).toBe('document.nodes[0].style: is not a property of a paragraph block');
    expect(refusal(doc(changed('hint', (node) => ((node.data as Json).syle = 'info'))))).toBe('document.nodes[0].data.syle: is not a field here (fields: style, icon)');
    const proto = JSON.parse('{"object":"block","type":"divider","isVoid":true,"data":{"__proto__":{"x":1}}}') as Json;
    expect(refusal(doc(proto))).toBe('document.nodes[0].data.__proto__: is not a field here (fields: none)');
    expect(refusal(doc({ ...BLOCK_EXAMPLES.divider, nodes: [] }))).toBe('document.nodes[0].nodes: is not a property of a divider block');
  });

  it('holds void and non-void nodes to their isVoid', () => {
    expect(refusal(doc(changed('divider', (node) => delete node.isVoid)))).toBe('document.nodes[0].isVoid: is required');
    expect(refusal(doc(changed('math', (node) => (node.isVoid = false))))).toBe('document.nodes[0].isVoid: must be true');
    expect(refusal(doc({ ...paragraph(), isVoid: true }))).toBe('document.nodes[0].isVoid: must be false');
    expect(refusal(doc(changed('columns', (node) => delete node.isVoid)))).toBe('document.nodes[0].isVoid: is required');
  });

  it('holds containers and fragments to their counts and names', () => {
    expect(refusal(doc(changed('prompt', (node) => (node.nodes = [BLOCK_EXAMPLES.code, BLOCK_EXAMPLES.code]))))).toBe('document.nodes[0].nodes: must hold at most 1 node');
    const title = changed('expandable', (node) => ((node.fragments as Json[])[0].nodes = [paragraph(), paragraph()]));
    expect(refusal(doc(title))).toBe('document.nodes[0].fragments[0].nodes: must hold at most 1 node');
    const body = changed('expandable', (node) => ((node.fragments as Json[])[1].fragment = 'expandable-content'));
    expect(refusal(doc(body))).toBe('document.nodes[0].fragments[1].fragment: must be one of expandable-title, expandable-body');
    const typed = changed('expandable', (node) => delete (node.fragments as Json[])[1].type);
    expect(refusal(doc(typed))).toBe('document.nodes[0].fragments[1].type: is required');
    expect(refusal(doc(changed('table', (node) => delete node.fragments)))).toBe('document.nodes[0].fragments: is required');
  });

  it('checks references, dates, patterns, spans and lengths', () => {
    expect(refusal(doc(changed('file', (node) => ((node.data as Json).ref = { kind: 'url', url: 'https://x.org/a.pdf' }))))).toBe('document.nodes[0].data.ref.kind: must be "file"');
    expect(refusal(doc(changed('content-ref', (node) => ((node.data as Json).ref = { kind: 'page' }))))).toBe('document.nodes[0].data.ref.page: is required');
    const update = changed('updates', (node) => (((node.nodes as Json[])[0].data as Json).date = '2025-13-45'));
    expect(refusal(doc(update))).toBe('document.nodes[0].nodes[0].data.date: must be a date-time such as 2024-05-01T12:00:00Z');
    expect(refusal(doc(changed('heading-1', (node) => ((node.data as Json).id = 'Getting Started'))))).toBe('document.nodes[0].data.id: must match ^[-a-z0-9.+_]+$');
    const merged = changed('table', (node) => (((node.data as Json).cellMerges as Json[])[0].colSpan = 51));
    expect(refusal(doc(merged))).toBe('document.nodes[0].data.cellMerges[0].colSpan: must be an integer from 1 to 50');
    expect(refusal(doc(changed('hint', (node) => ((node.data as Json).icon = 'x'.repeat(51)))))).toBe('document.nodes[0].data.icon: must be a string of at most 50 characters');
    expect(refusal(doc({ ...paragraph(), key: '' }))).toBe('document.nodes[0].key: must be a string of 1 to 256 characters');
    const record = changed('table', (node) => ((((node.data as Json).records as Json).r1 as Json).values = { name: { alt: 'x' } }));
    expect(refusal(doc(record))).toBe('document.nodes[0].data.records["r1"].values["name"].ref: is required');
    const button = { ...INLINE_EXAMPLES.button, data: { ...(INLINE_EXAMPLES.button.data as Json), action: { action: 'ask' } } };
    expect(refusal(doc(paragraph(button)))).toBe('document.nodes[0].nodes[0].data: give ref or action, not both');
  });

  it("bounds the integration's props it walks", () => {
    let props: Json = { leaf: 'x' };
    for (let i = 0; i < MAX_DOCUMENT_DEPTH + 1; i++) props = { inner: props };
    const integration = changed('integration', (node) => ((node.data as Json).props = props));
    expect(refusal(doc(integration))).toMatch(/^document\.nodes\[0\]\.data\.props(\["inner"\]){64}: nests deeper than 64 levels$/);
    expect(refusal(doc(changed('integration', (node) => ((node.data as Json).props = { a: null }))))).toBe(
      'document.nodes[0].data.props["a"]: must be a string, boolean, number, object or array of those',
    );
  });

  it.each(['test/fixtures/markdown', 'test/fixtures/gitbook-space/blocks'])(
    "takes what Folio's own markdown reads into (%s): a page answered as JSON can be sent back",
    (folder) => {
      const pages = readdirSync(folder).filter((name) => name.endsWith('.md'));
      expect(pages.length).toBeGreaterThan(0);
      for (const name of pages) {
        const { document } = markdownToDocument(readFileSync(join(folder, name), 'utf8'));
        expect({ name, refusal: refusalOrNone(document) }).toEqual({ name, refusal: null });
      }
    },
  );

  it('judges the document frame', () => {
    expect(refusal({ object: 'document', nodes: [] })).toBe('document.data: is required');
    expect(refusal({ object: 'page', data: {}, nodes: [] })).toBe('document.object: must be "document"');
    expect(refusal({ object: 'document', data: { schemaVersion: 1.5 }, nodes: [] })).toBe('document.data.schemaVersion: must be an integer');
    expect(() => assertDocumentSchema({ object: 'document', data: { theirs: true }, nodes: [] })).not.toThrow();
  });
});

import { Invalid } from '@folio/platform/domain/errors';
import type { PhrasingContent } from 'mdast';
import { withoutKeys } from '../document/document-keys';
import { MAX_DOCUMENT_DEPTH } from '../document/document-limits';
import { API_LINKS } from './dialect';
import { htmlToPhrasing } from './inline-html';
import { readInlines } from './inline-reader';
import { Phrasing, readHtml, readParagraph, writeParagraph } from './inline-testing';
import { markdownToDocument } from './markdown-to-document';

/**
 * Hostile inline forms: refused by the page's limits before anything recurses, or kept as the text they are.
 * Nothing here asserts time; a quadratic or recursive reading of these would overflow the stack or time the test out.
 */
const leaves = (nodes: Phrasing) => nodes.flatMap((node) => (node.object === 'text' ? node.leaves : []));
const plain = (nodes: Phrasing) => leaves(nodes).map((leaf) => leaf.text).join('');

/** Markdown → document → Markdown settles after one pass, and the document survives it. */
function settles(markdown: string): void {
  const once = writeParagraph(readParagraph(markdown));
  expect(writeParagraph(readParagraph(once))).toBe(once);
  expect(withoutKeys(readParagraph(once))).toEqual(withoutKeys(readParagraph(markdown)));
}

describe('hostile inline forms', () => {
  it('10,000 nested emphasis delimiters are refused by the page limits', () => {
    expect(() => markdownToDocument(`${'*'.repeat(10_000)}x${'*'.repeat(10_000)}`)).toThrow(Invalid);
  });

  it('10,000 nested brackets are refused by the page limits', () => {
    expect(() => markdownToDocument(`${'['.repeat(10_000)}x${']'.repeat(10_000)}`)).toThrow(Invalid);
  });

  it('phrasing nested past the bound by a caller that skipped it is refused, not recursed into', () => {
    let node: PhrasingContent = { type: 'text', value: 'x' };
    for (let i = 0; i < 10_000; i++) node = { type: 'emphasis', children: [node] };
    const ctx = { links: API_LINKS, definitions: new Map(), footnotes: new Map(), readBlocks: () => [] };
    expect(() => readInlines([node], ctx)).toThrow(Invalid);
  });

  it('10,000 nested tags (flat phrasing to the parser) mark the first levels and keep the rest as text', () => {
    const nodes = readHtml(`${'<sup>'.repeat(10_000)}x${'</sup>'.repeat(10_000)}`);
    const deepest = Math.max(...leaves(nodes).map((leaf) => leaf.marks.length));
    expect(deepest).toBe(MAX_DOCUMENT_DEPTH);
    expect(plain(nodes)).toContain('<sup><sup>');
    expect(plain(nodes)).toContain('x');
  });

  it('10,000 unclosed tags are kept as text and settle', () => {
    const markdown = `${'<kbd>a '.repeat(10_000)}end`;
    expect(plain(readParagraph(markdown))).toBe(`${'<kbd>a '.repeat(10_000)}end`);
    settles(markdown);
  });

  it('crossed tags keep the one that cannot close in its place as text', () => {
    expect(plain(readParagraph('<sup>a<sub>b</sup>c</sub>'))).toBe('a<sub>bc</sub>');
    settles('<sup>a<sub>b</sup>c</sub>');
  });

  it('a huge attribute value that means nothing here is kept as text', () => {
    const markdown = `<mark style="${'a'.repeat(200_000)}">x</mark>`;
    expect(plain(readParagraph(markdown))).toBe(markdown);
    settles(markdown);
  });

  it('a huge link target is a link like any other', () => {
    const href = `https://example.com/${'a'.repeat(200_000)}`;
    const [link] = readParagraph(`<a href="${href}" class="button primary">Go</a>`);
    expect(link).toMatchObject({ type: 'button', data: { ref: { kind: 'url', url: href } } });
  });

  it('50,000 unclosed comments and tags in a text are written in one pass; a page of them is refused by the limits', () => {
    const text = '<!--<a '.repeat(50_000);
    const written = writeParagraph([{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }]);
    expect(written).toBe(`&#x3C;${text.slice(1, -1)}&#x20;`);
    expect(() => markdownToDocument(written)).toThrow(Invalid);
  });

  it('unclosed comments and tags within the limits stay a paragraph of text', () => {
    const text = 'a <!--<a '.repeat(50);
    expect(plain(readParagraph(writeParagraph([{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }])))).toBe(text);
  });

  it('a footnote whose body refers to itself is read once, then kept as text', () => {
    const [, annotation] = readParagraph('a[^1]\n\n[^1]: see [^1]');
    expect(annotation).toMatchObject({ type: 'annotation', fragments: [{ nodes: [{ type: 'paragraph', nodes: [{ leaves: [{ text: 'see [^1]' }] }] }] }] });
  });

  it('text that would open an HTML block at a line start stays text', () => {
    settles('<div>x</div> a');
    expect(plain(readParagraph(writeParagraph([{ object: 'text', leaves: [{ object: 'leaf', text: '<span>', marks: [] }] }])))).toBe('<span>');
    expect(plain(readParagraph(writeParagraph([{ object: 'text', leaves: [{ object: 'leaf', text: 'a\n<!-- b\n<p>c', marks: [] }] }])))).toBe('a\n<!-- b\n<p>c');
  });

  it('HTML with a stray < and unclosed comment is text', () => {
    expect(plain(readHtml('a < b <!-- c'))).toBe('a < b <!-- c');
    expect(htmlToPhrasing('<i class="fa-x">:x:')).toHaveLength(2);
  });
});

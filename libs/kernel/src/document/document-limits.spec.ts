import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { assertDocumentBounds, assertMarkdownShape, MAX_DISCUSSION_NODES, MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_NODES } from './document-limits';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';

/** Refused with an Invalid whose message matches: by the scan before the parser (the message is the scan's). */
function refusedFast(markdown: string, message: RegExp): void {
  expect(() => markdownToDocument(markdown)).toThrow(Invalid);
  expect(() => markdownToDocument(markdown)).toThrow(message);
}

describe('malformed and hostile markdown', () => {
  it.each([
    ['front matter that is not YAML', '---\ntitle: [unclosed\n---\nText', /front matter is not valid YAML/],
    ['a title that is not a string', '---\ntitle: [1, 2]\n---\nText', /title is not a string/],
  ])('refuses %s', (_name, markdown, message) => refusedFast(markdown, message));

  it('refuses 10,000 nested block quotes', () =>
    refusedFast(`${'>'.repeat(10_000)} deep`, /block quotes or lists deeper than 64/));

  it('refuses 10,000 nested block quotes written with spaces', () =>
    refusedFast(`${'> '.repeat(10_000)}deep`, /deeper than 64/));

  it('refuses 1,000 nested lists, one per line', () =>
    refusedFast(Array.from({ length: 1_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'), /indented more than 256/));

  it('refuses 10,000 nested lists on one line', () => refusedFast(`${'- '.repeat(10_000)}deep`, /deeper than 64/));

  it('refuses a paragraph of 10,000 nested emphases', () =>
    refusedFast(`${'*a '.repeat(5_000)}${'b* '.repeat(5_000)}`, /more than 1000 emphasis delimiters/));

  // The shapes a black-box sweep sent (issue 18): each took the parser seconds to minutes, or overflowed it.
  describe('is judged before the parser runs', () => {
    const refusedBeforeParsing = (markdown: string, kind: typeof Invalid | typeof TooLarge, message: RegExp) => {
      expect(() => assertMarkdownShape(markdown)).toThrow(kind);
      expect(() => assertMarkdownShape(markdown)).toThrow(message);
    };

    it('refuses markdown over 1 MiB (a page of 100,000 links), as too large', () =>
      refusedBeforeParsing(Array.from({ length: 100_000 }, (_, i) => `[link ${i}](https://example.com/${i})`).join('\n\n'), TooLarge, /more than 1 MiB/));

    it('refuses more than 20,000 lines (200,000 empty list items), as too large', () =>
      refusedBeforeParsing('-\n'.repeat(200_000), TooLarge, /more than 20000 lines/));

    it('refuses 98 KB of nested brackets, and brackets nested past 32 levels', () => {
      refusedBeforeParsing('['.repeat(49_000) + ']'.repeat(49_000), Invalid, /square brackets/);
      refusedBeforeParsing(`${'!['.repeat(33)}a${'](x)'.repeat(33)}`, Invalid, /nests square brackets deeper than 32/);
    });

    it('refuses more than 1,000 brackets in a paragraph, and counts them again after a blank line', () => {
      const links = (n: number) => Array.from({ length: n }, (_, i) => `[a${i}][b]`).join(' ');
      refusedBeforeParsing(links(501), Invalid, /more than 1000 square brackets/);
      expect(() => assertMarkdownShape(`${links(500)}\n\n${links(500)}\n\n[b]: https://example.com`)).not.toThrow();
    });

    it('refuses a paragraph opening more than 100 HTML comments or declarations (6,000 unclosed took 3 s), and counts them again after a blank line', () => {
      refusedBeforeParsing('x <!--'.repeat(50_000), Invalid, /more than 100 HTML comments or declarations/);
      refusedBeforeParsing('x <![CDATA[y]]>'.repeat(30) + 'x <!a'.repeat(71), Invalid, /HTML comments or declarations/);
      refusedBeforeParsing('x <?'.repeat(101), Invalid, /HTML comments or declarations/);
      expect(() => assertMarkdownShape(`${'x <!-- c -->'.repeat(100)}\n\n${'x <!a>'.repeat(100)}`)).not.toThrow();
    });

    it('refuses more than 1,000 footnote definitions (50,000 took over a minute), also inside quotes', () => {
      const notes = (n: number, prefix = '') => Array.from({ length: n }, (_, i) => `${prefix}[^n${i}]: note ${i}`).join('\n\n');
      refusedBeforeParsing(notes(5_000), Invalid, /more than 1000 footnote definitions/);
      refusedBeforeParsing(notes(1_001, '> '), Invalid, /footnote definitions/);
      expect(() => assertMarkdownShape(notes(1_000))).not.toThrow();
    });
  });

  it('refuses a parsed page of more than 50,000 nodes, as too large', () => {
    // 40 paragraphs of 500 emphases (the most a paragraph may hold): 60,000 leaves, within every scan bound.
    const markdown = Array.from({ length: 40 }, () => '*a* b '.repeat(500)).join('\n\n');
    expect(() => assertMarkdownShape(markdown)).not.toThrow();
    const refusal = (() => {
      try {
        return markdownToDocument(markdown);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(TooLarge);
    expect((refusal as Error).message).toMatch(/more than 50000 nodes/);
  });

  it('reads nesting up to the bound', () => {
    const parsed = markdownToDocument(`${'> '.repeat(30)}deep enough`);
    expect(parsed.document.nodes[0]).toMatchObject({ type: 'blockquote' });
  });
});

describe('documents given as JSON', () => {
  const nested = (levels: number) => {
    let node: object = { object: 'block', type: 'paragraph', nodes: [] };
    for (let i = 0; i < levels; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    return { object: 'document' as const, data: {}, nodes: [node] };
  };

  it('refuses a document 10,000 levels deep, without overflowing the stack', () => {
    expect(() => assertDocumentBounds(nested(10_000))).toThrow(Invalid);
    expect(() => documentToMarkdown(nested(10_000) as never)).toThrow(/deeper than 64 levels/);
  });

  it('accepts a document at the bound', () => expect(() => assertDocumentBounds(nested(MAX_DOCUMENT_DEPTH - 1))).not.toThrow());

  const wide = (leaves: number) => ({
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: Array.from({ length: leaves }, () => ({ object: 'leaf', text: 'a', marks: [] })) }] }],
  });

  it('refuses a document of more than 50,000 nodes and leaves, as too large, and takes one at the bound', () => {
    // The paragraph and its text are two nodes: the rest is leaves.
    expect(() => assertDocumentBounds(wide(MAX_DOCUMENT_NODES - 2))).not.toThrow();
    expect(() => assertDocumentBounds(wide(MAX_DOCUMENT_NODES - 1))).toThrow(TooLarge);
    expect(() => assertDocumentBounds(wide(1_000_000))).toThrow(/more than 50000 nodes/);
  });

  it('bounds a discussion (a comment, a review) at a tenth of a page, read from markdown or given as JSON', () => {
    expect(() => assertDocumentBounds(wide(MAX_DISCUSSION_NODES - 2), MAX_DISCUSSION_NODES)).not.toThrow();
    expect(() => assertDocumentBounds(wide(MAX_DISCUSSION_NODES - 1), MAX_DISCUSSION_NODES)).toThrow(/more than 5000 nodes/);
    expect(() => markdownToDocument('@a@b.co '.repeat(2_000), { maxNodes: MAX_DISCUSSION_NODES })).toThrow(TooLarge);
    expect(markdownToDocument('@a@b.co '.repeat(100), { maxNodes: MAX_DISCUSSION_NODES }).document.nodes).toHaveLength(1);
  });
});

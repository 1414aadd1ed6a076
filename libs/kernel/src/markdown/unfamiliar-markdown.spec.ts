import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { withoutKeys } from '../document/document-keys';
import { Block } from '../document/document.model';
import { VERBATIM } from './blocks/verbatim';
import { documentToMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

const rewrite = (markdown: string) => {
  const { document, ...page } = markdownToDocument(markdown);
  return documentToMarkdown(document, page);
};
const blocks = (markdown: string): Block[] => withoutKeys(markdownToDocument(markdown).document).nodes;
const verbatim = (text: string) => ({
  object: 'block',
  type: 'code',
  data: { syntax: VERBATIM },
  nodes: text.split('\n').map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] })),
});

/** What the reader does not know is kept as written: a verbatim block, written back byte for byte. */
describe('unfamiliar markdown', () => {
  it.each([
    ['an unknown tag pair', '{% gauge value="3" %}\nInside.\n{% endgauge %}'],
    ['an unknown tag alone', '{% badge %}'],
    ['an unclosed {% hint %}', '{% hint style="info" %}'],
    ['a closing tag that closes nothing', '{% endhint %}'],
    ['a hint style the spec does not know', '{% hint style="fancy" %}\nText\n{% endhint %}'],
    ['a known tag with an attribute the spec does not have', '{% hint style="info" glow="yes" %}\nText\n{% endhint %}'],
    ['a {% code %} around no code block', '{% code title="a" %}\nText\n{% endcode %}'],
    ['content in tabs outside a tab', '{% tabs %}\nStray\n{% endtabs %}'],
    ['an include of a path that is no reusable content', '{% include "notes.md" %}'],
    ['an HTML block', '<section class="x">\n<p>Hi</p>\n</section>'],
    ['an HTML comment', '<!-- for the editors -->'],
    ['a figure holding what GitBook does not write', '<figure><video src="a.mp4"></video></figure>'],
    ['a table with a column type it cannot read', '<table><thead><tr><th data-type="rating">R</th></tr></thead><tbody><tr><td>3</td></tr></tbody></table>'],
  ])('keeps %s verbatim', (_name, markdown) => {
    expect(blocks(markdown)).toEqual([verbatim(markdown)]);
    expect(rewrite(markdown)).toBe(`${markdown}\n`);
  });

  it('reads what follows an unclosed tag as the page it is', () => {
    expect(blocks('{% tabs %}\n{% tab title="a" %}\nText\n{% endtab %}')).toEqual([
      verbatim('{% tabs %}'),
      { object: 'block', type: 'tabs-item', data: { title: 'a' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Text', marks: [] }] }] }] },
    ]);
  });

  it('closes the tags left open inside a pair when the pair closes', () => {
    const [hint] = blocks('{% hint style="info" %}\n{% badge %}\nText\n{% endhint %}');
    expect(hint).toMatchObject({ type: 'hint', nodes: [verbatim('{% badge %}'), { type: 'paragraph' }] });
  });

  it('keeps tags inside fenced code as code', () => {
    const markdown = '```markdown\n{% hint style="info" %}\nNot a hint.\n```';
    expect(blocks(markdown)).toMatchObject([{ type: 'code', data: { syntax: 'markdown' } }]);
    expect(rewrite(markdown)).toBe(`${markdown}\n`);
  });
});

describe('hostile markdown', () => {
  it('refuses tags nested 10,000 deep (too many lines), and 5,000 deep (nested too deep)', () => {
    const nested = (depth: number) => `${'{% hint style="info" %}\n'.repeat(depth)}deep\n${'{% endhint %}\n'.repeat(depth)}`;
    expect(() => markdownToDocument(nested(10_000))).toThrow(TooLarge);
    expect(() => markdownToDocument(nested(5_000))).toThrow(Invalid);
    expect(() => markdownToDocument(nested(5_000))).toThrow(/nests \{% %\} tags deeper than 64/);
  });

  it('refuses 10,000 tags left open (each would enclose the rest), and keeps 60 verbatim', () => {
    expect(() => markdownToDocument('{% step %}\n'.repeat(10_000))).toThrow(/nests \{% %\} tags deeper than 64/);
    expect(blocks('{% step %}\n'.repeat(60))).toHaveLength(60);
  });

  it('reads a tag with a huge attribute value (500 KB)', () => {
    const markdown = `{% embed url="https://example.com/${'a'.repeat(500_000)}" %}`;
    expect(blocks(markdown)).toMatchObject([{ type: 'embed', data: { url: expect.stringMatching(/^https:\/\/example.com\/a+$/) } }]);
  });

  it('keeps a tag line of 500 KB of spaces and no closing %} as text', () => {
    const markdown = `{% hint ${' '.repeat(500_000)}x`;
    expect(blocks(markdown)).toMatchObject([{ type: 'paragraph' }]);
  });

  it('keeps HTML with an unclosed quote over 500 KB verbatim', () => {
    const markdown = `<figure><img src="${'<a b="'.repeat(80_000)}`;
    expect(blocks(markdown)).toEqual([verbatim(markdown)]);
  });

  it('refuses HTML nested 10,000 deep as markdown the parser would not read in time, or keeps it verbatim', () => {
    const markdown = `<div>${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_001)}`;
    expect(blocks(markdown)).toEqual([verbatim(markdown)]);
  });
});

describe('definitions across regions', () => {
  it('reads a reference whose definition lies after a tag as a link, and a footnote reference too', () => {
    const [paragraph] = blocks('See [the spec][spec].\n\n{% hint style="info" %}\nHint.\n{% endhint %}\n\n[spec]: https://spec.dev/');
    expect(paragraph).toMatchObject({ type: 'paragraph', nodes: [{ object: 'text' }, { type: 'link', data: { ref: { kind: 'url', url: 'https://spec.dev/' } } }, { object: 'text' }] });
  });

  it('keeps a page that ends inside a fence as it is, the definitions of other regions out of its code', () => {
    const nodes = blocks('[a]: https://a.dev/\n\n{% hint style="info" %}\nHi.\n{% endhint %}\n\n```\ncode');
    expect(nodes[nodes.length - 1]).toMatchObject({ type: 'code', nodes: [{ nodes: [{ leaves: [{ text: 'code' }] }] }] });
    expect((nodes[nodes.length - 1] as { nodes: unknown[] }).nodes).toHaveLength(1);
  });
});

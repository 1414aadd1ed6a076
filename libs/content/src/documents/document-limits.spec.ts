import { Invalid } from '@folio/platform/domain/errors';
import { assertDocumentDepth, MAX_DOCUMENT_DEPTH } from './document-limits';
import { documentToMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

/** Refused with an Invalid whose message matches, within a second: hostile input costs a scan, not a parse. */
function refusedFast(markdown: string, message: RegExp): void {
  const started = performance.now();
  expect(() => markdownToDocument(markdown)).toThrow(Invalid);
  expect(() => markdownToDocument(markdown)).toThrow(message);
  expect((performance.now() - started) / 2).toBeLessThan(1000);
}

describe('malformed and hostile markdown', () => {
  it.each([
    ['an unclosed {% tabs %}', '{% tabs %}\n{% tab title="a" %}\nText\n{% endtab %}', /tabs %} is not closed/],
    ['an unclosed {% hint %}', '{% hint style="info" %}\nText', /hint %} is not closed/],
    ['a closing tag that closes nothing', 'Text\n\n{% endhint %}', /endhint %} closes no/],
    ['a closing tag of another block', '{% hint style="info" %}\nText\n{% endtab %}', /endtab %} closes no/],
    ['a tab outside tabs', '{% tab title="a" %}\nText\n{% endtab %}', /outside \{% tabs %\}/],
    ['content in tabs outside a tab', '{% tabs %}\nStray\n{% endtabs %}', /outside a \{% tab %\}/],
    ['a hint style the spec does not know', '{% hint style="fancy" %}\nText\n{% endhint %}', /hint style "fancy"/],
    ['a {% code %} around no code block', '{% code title="a" %}\nText\n{% endcode %}', /exactly one code block/],
    ['an unsupported block tag', '{% swagger src="x" %}', /swagger %} is not supported/],
    ['front matter that is not YAML', '---\ntitle: [unclosed\n---\nText', /front matter is not valid YAML/],
    ['a title that is not a string', '---\ntitle: [1, 2]\n---\nText', /title is not a string/],
  ])('refuses %s', (_name, markdown, message) => refusedFast(markdown, message));

  it('refuses 10,000 nested block quotes', () =>
    refusedFast(`${'>'.repeat(10_000)} deep`, /block quotes or lists deeper than 64/));

  it('refuses 10,000 nested block quotes written with spaces', () =>
    refusedFast(`${'> '.repeat(10_000)}deep`, /deeper than 64/));

  it('refuses 10,000 nested lists, one per line', () =>
    refusedFast(Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'), /indented more than 256/));

  it('refuses 10,000 nested lists on one line', () => refusedFast(`${'- '.repeat(10_000)}deep`, /deeper than 64/));

  it('refuses a paragraph of 10,000 nested emphases', () =>
    refusedFast(`${'*a '.repeat(5_000)}${'b* '.repeat(5_000)}`, /more than 1000 emphasis delimiters/));

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
    expect(() => assertDocumentDepth(nested(10_000))).toThrow(Invalid);
    expect(() => documentToMarkdown(nested(10_000) as never)).toThrow(/deeper than 64 levels/);
  });

  it('accepts a document at the bound', () => expect(() => assertDocumentDepth(nested(MAX_DOCUMENT_DEPTH - 1))).not.toThrow());
});

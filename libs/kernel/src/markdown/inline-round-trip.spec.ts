import { withoutKeys } from '../document/document-keys';
import type { ContentRef, Inline, Mark } from '../document/document.model';
import { merged, PATHS, Phrasing, readHtml, readParagraph, text, writeHtml, writeParagraph } from './inline-testing';
import { writeInlines } from './inline-writer';

const bold: Mark = { object: 'mark', type: 'bold' };
const italic: Mark = { object: 'mark', type: 'italic' };
const code: Mark = { object: 'mark', type: 'code' };
const strike: Mark = { object: 'mark', type: 'strikethrough' };
const kbd: Mark = { object: 'mark', type: 'keyboard' };
const sup: Mark = { object: 'mark', type: 'superscript' };
const sub: Mark = { object: 'mark', type: 'subscript' };
const color = (text: string, background = 'default'): Mark => ({ object: 'mark', type: 'color', data: { text, background } } as Mark);

const paths = PATHS;

const url = (href: string): ContentRef => ({ kind: 'url', url: href });
const link = (ref: ContentRef, ...nodes: Phrasing): Inline => ({ object: 'inline', type: 'link', data: { ref }, nodes } as Inline);
const voidInline = (type: string, data: object): Inline => ({ object: 'inline', type, data, isVoid: true } as Inline);

/** GitBook's forms, each with the document it stands for: read, written back byte for byte, and the document kept. */
const FORMS: [string, string, Phrasing][] = [
  ['bold', 'A **bold** word', [text('A '), text('bold', bold), text(' word')]],
  ['italic (GitBook writes `_`)', 'An _italic_ word', [text('An '), text('italic', italic), text(' word')]],
  ['italic inside a word', 'un*believ*able', [text('un'), text('believ', italic), text('able')]],
  ['code', 'Run `npm test` now', [text('Run '), text('npm test', code), text(' now')]],
  ['code holding backticks', 'Type ``a`b`` or `` `x` ``', [text('Type '), text('a`b', code), text(' or '), text('`x`', code)]],
  ['strikethrough', 'It is ~~gone~~', [text('It is '), text('gone', strike)]],
  ['keyboard', 'Press <kbd>Ctrl</kbd> + <kbd>K</kbd>', [text('Press '), text('Ctrl', kbd), text(' + '), text('K', kbd)]],
  ['superscript', 'x<sup>2</sup>', [text('x'), text('2', sup)]],
  ['subscript', 'H<sub>2</sub>O', [text('H'), text('2', sub), text('O')]],
  ['text color', 'Name<mark style="color:red;">\\*</mark>', [text('Name'), text('*', color('red'))]],
  ['background color', '<mark style="background-color:blue;">note</mark>', [text('note', color('default', 'blue'))]],
  ['both colors', '<mark style="color:orange;background-color:purple;">both</mark>', [text('both', color('orange', 'purple'))]],
  ['italic over bold', '_**Tell the truth.**_ Then', [text('Tell the truth.', italic, bold), text(' Then')]],
  ['bold over italic', '**_Tell the truth._** Then', [text('Tell the truth.', bold, italic), text(' Then')]],
  ['bold code', 'See **`x`**', [text('See '), text('x', bold, code)]],
  ['bold after a letter before punctuation', 'a<strong>.b</strong>', [text('a'), text('.b', bold)]],
  ['a link', 'Read [the docs](https://example.com/docs?a=1) first', [text('Read '), link(url('https://example.com/docs?a=1'), text('the docs')), text(' first')]],
  ['a bold link text', '[**Start**](https://example.com)', [link(url('https://example.com'), text('Start', bold))]],
  ['an escaped & in a URL', '[x](https://example.com/?a=1\\&b=2)', [link(url('https://example.com/?a=1&b=2'), text('x'))]],
  ['a URL with spaces', '![](<../.gitbook/assets/shot (1).png>)', [voidInline('inline-image', { ref: { kind: 'file', file: '../.gitbook/assets/shot (1).png' } })]],
  ['a relative page link', 'See [Setup](../guides/setup.md)', [text('See '), link({ kind: 'page', page: '../guides/setup.md' }, text('Setup'))]],
  ['a mention of a page', '[setup.md](../guides/setup.md "mention")', [voidInline('mention', { ref: { kind: 'page', page: '../guides/setup.md' } })]],
  ['a mention of a folder', '[embedding](../publish/embedding/ "mention")', [voidInline('mention', { ref: { kind: 'page', page: '../publish/embedding/' } })]],
  ['a mention of an anchor', '[#page-covers](page.md#page-covers "mention")', [voidInline('mention', { ref: { kind: 'page', page: 'page.md#page-covers' } })]],
  ['emoji', 'Party 🎉', [text('Party '), voidInline('emoji', { code: '1f389' })]],
  ['an icon', '<i class="fa-check">:check:</i> Done', [voidInline('icon', { icon: 'check' }), text(' Done')]],
  ['a colored icon', '<i class="fa-bell" style="color:red;">:bell:</i>', [voidInline('icon', { icon: 'bell', color: 'red' })]],
  ['an expression', 'Version <code class="expression">space.vars.latest_version</code>', [text('Version '), voidInline('expression', { expression: 'space.vars.latest_version' })]],
  ['an expression with quotes and stars', '<code class="expression">"a" + space.vars.x * 2 * y_z + a*b*c</code>', [voidInline('expression', { expression: '"a" + space.vars.x * 2 * y_z + a*b*c' })]],
  ['inline math', 'Energy $$E = mc^2$$ holds', [text('Energy '), voidInline('inline-math', { formula: 'E = mc^2' }), text(' holds')]],
  ['an inline image', 'Logo ![The logo](https://example.com/logo.png)', [text('Logo '), voidInline('inline-image', { ref: url('https://example.com/logo.png'), alt: 'The logo' })]],
  ['an image sized to the line', 'Click <img src=".gitbook/assets/menu.svg" alt="" data-size="line"> here', [text('Click '), voidInline('inline-image', { ref: { kind: 'file', file: '.gitbook/assets/menu.svg' }, size: 'line' }), text(' here')]],
  ['an image with a dark variant', 'Open <picture><source srcset=".gitbook/assets/a-dark.svg" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/a.svg" alt=""></picture> now', [
    text('Open '), voidInline('inline-image', { ref: { kind: 'file', file: '.gitbook/assets/a.svg' }, refDark: { kind: 'file', file: '.gitbook/assets/a-dark.svg' } }), text(' now')]],
  ['a link button', '<a href="https://example.com/signup" class="button primary" data-icon="rocket">Get started</a>', [
    voidInline('button', { label: 'Get started', kind: 'primary', icon: 'rocket', ref: url('https://example.com/signup') })]],
  ['an action button', '<button type="button" class="button secondary" data-action="ask" data-query="How do I start?" data-icon="gitbook-assistant">Ask</button>', [
    voidInline('button', { label: 'Ask', kind: 'secondary', icon: 'gitbook-assistant', action: { action: 'ask', query: 'How do I start?' } })]],
  ['a search button', '<button type="button" class="button primary" data-action="search" data-icon="magnifying-glass">Search...</button>', [
    voidInline('button', { label: 'Search...', kind: 'primary', icon: 'magnifying-glass', action: { action: 'search' } })]],
  ['a footnote', 'Claim[^1] made\n\n[^1]: The source.', [text('Claim'), {
    object: 'inline', type: 'annotation', nodes: [], isVoid: false,
    fragments: [{ object: 'fragment', fragment: 'annotation-body', type: 'annotation-body', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('The source.')] }] }],
  } as Inline, text(' made')]],
  ['a line break', 'one\\\ntwo', [text('one\ntwo')]],
  ['a line break at the end', 'last<br>', [text('last\n')]],
  ['a space at the end', 'ends here.&#x20;', [text('ends here. ')]],
  ['a space at the start', '&#x20;starts', [text(' starts')]],
  ['escaped stars and brackets', 'a \\* b \\[c] d', [text('a * b [c] d')]],
  ['a URL as its own link', 'at [https://example.com/x](https://example.com/x)', [text('at '), link(url('https://example.com/x'), text('https://example.com/x'))]],
  ['underscores, escaped inside words too as GitBook does', 'snake\\_case and \\_x', [text('snake_case and _x')]],
  ['a bare URL, e-mail address and www address stay text, unescaped', 'see https://example.com/a_b, (www.example.com) or me@example.com.', [text('see https://example.com/a_b, (www.example.com) or me@example.com.')]],
  ['a space before a line break', 'one \\\ntwo', [text('one \ntwo')]],
  ['an ampersand before something reference-like', 'a \\&#xNAN; b & c', [text('a &#xNAN; b & c')]],
  ['a tag-like text', 'use &#x3C;kbd> here', [text('use <kbd> here')]],
  ['unknown HTML kept as written', 'a <span class="x">b</span> c', [text('a <span class="x">b</span> c')]],
  ['a list marker at the start', '1\\. not a list', [text('1. not a list')]],
  ['a heading marker at the start', '\\# not a heading', [text('# not a heading')]],
  ['dollars', 'costs $5 or \\$\\$6', [text('costs $5 or $$6')]],
  ['an entity-like text', 'write \\&amp; here', [text('write &amp; here')]],
  ['an email link', 'mail [legal@example.com](mailto:legal@example.com).', [text('mail '), link(url('mailto:legal@example.com'), text('legal@example.com')), text('.')]],
  ['a heading anchor kept as written', 'Setup <a href="#setup" id="setup"></a>', [text('Setup <a href="#setup" id="setup"></a>')]],
];

describe('inline forms of GitBook Markdown', () => {
  describe.each(FORMS)('%s', (_name, markdown, document) => {
    it('reads as the document', () => expect(withoutKeys(readParagraph(markdown, paths))).toEqual(merged(document)));
    it('is written back as it was', () => expect(writeParagraph(document, paths)).toBe(markdown));
    it('document → markdown → document is the same document', () =>
      expect(withoutKeys(readParagraph(writeParagraph(document, paths), paths))).toEqual(merged(document)));
  });
});

describe('inline forms in a heading and a GFM table cell', () => {
  const write = (document: Phrasing, container: 'heading' | 'cell') => writeInlines(document, { links: paths, html: false, footnote: () => '1', container });
  it('a heading opens no block at its start, keeps its edges and its closing hashes', () => {
    expect(write([text(' 1. Definitions #')], 'heading')).toBe('&#x20;1. Definitions \\#');
    expect(write([text('a\nb')], 'heading')).toBe('a<br>b');
  });
  it('a cell escapes `|` (even in code) and breaks lines with <br>', () => {
    expect(write([text('- a | b\nc')], 'cell')).toBe('- a \\| b<br>c');
  });
});

describe('inline forms inside HTML (cards, table cells, figcaptions)', () => {
  const forms: [string, string, Phrasing][] = [
    ['marks as tags', '<strong>b</strong> <em>i</em> <code>c</code> <s>s</s> <kbd>k</kbd> <sup>1</sup> <sub>2</sub>', [
      text('b', bold), text(' '), text('i', italic), text(' '), text('c', code), text(' '), text('s', strike), text(' '), text('k', kbd), text(' '), text('1', sup), text(' '), text('2', sub)]],
    ['a link with a bold text', '<a href="runtime.md#events"><strong>Events</strong></a> and *', [link({ kind: 'page', page: 'runtime.md#events' }, text('Events', bold)), text(' and *')]],
    ['a mention', '<a data-mention href="getting-started/quickstart.md">quickstart.md</a>', [voidInline('mention', { ref: { kind: 'page', page: 'getting-started/quickstart.md' } })]],
    ['an icon', '<i class="fa-gears">:gears:</i>', [voidInline('icon', { icon: 'gears' })]],
    ['an image', '<img src=".gitbook/assets/a.png" alt="A">', [voidInline('inline-image', { ref: { kind: 'file', file: '.gitbook/assets/a.png' }, alt: 'A' })]],
    ['a line break and every < and & escaped, as GitBook does', 'a &#x3C;kbd> &#x26;amp; &#x3C;b>c&#x3C;/b> &#x26; d > e<br>f', [text('a <kbd> &amp; <b>c</b> & d > e\nf')]],
    ['GitBook\'s own spans kept as written', '<span data-option="x1">One</span>', [text('<span data-option="x1">One</span>')]],
    ['an attribute with quotes', '<button type="button" class="button primary" data-action="ask" data-query="the assistant&#x27;s &#x22;context&#x22;">Ask</button>', [
      voidInline('button', { label: 'Ask', kind: 'primary', action: { action: 'ask', query: 'the assistant\'s "context"' } })]],
  ];
  describe.each(forms)('%s', (_name, html, document) => {
    it('reads as the document', () => expect(withoutKeys(readHtml(html, paths))).toEqual(merged(document)));
    it('is written back as it was', () => expect(writeHtml(document, paths)).toBe(html));
  });
});

describe('documents the writer chooses the form for', () => {
  const documents: [string, Phrasing][] = [
    ['marks over several leaves', [text('a', bold), text('b', bold, italic), text('c', italic)]],
    ['a space inside a mark edge', [text('x'), text(' padded ', bold), text('y')]],
    ['punctuation around marks', [text('('), text('x', italic), text(')'), text('.y', strike), text('z')]],
    ['every mark on one leaf', [text('all', bold, italic, strike, kbd, sup, sub, color('green'), code)]],
    ['delimiters in the text', [text('*a* _b_ ~c~ `d` [e](f) <kbd>g</kbd> $$h$$ \\ \\* ! [^1]')]],
    ['line starts after breaks', [text('a\n# b\n- c\n> d\n1) e\n    f\n---\n')]],
    ['an exclamation before a link', [text('Wow!'), link(url('https://x.dev'), text('x'))]],
    ['brackets in a link text', [link(url('https://x.dev'), text('a [b] ]c'))]],
    ['a link holding an image', [link(url('https://x.dev'), voidInline('inline-image', { ref: url('https://x.dev/i.png'), alt: 'i' }) as never)]],
    ['a code span opening a line', [text('a\n'), text('x ``` y', code)]],
    ['a user mention', [text('Ask '), voidInline('mention', { ref: { kind: 'user', user: 'u1' } })]],
    ['math with dollars', [voidInline('inline-math', { formula: 'a$$b' })]],
    ['an image caption', [voidInline('inline-image', { ref: url('https://x.dev/i.png'), caption: 'A "quoted" caption' })]],
    ['a select button', [voidInline('button', { label: 'Pick', kind: 'primary', size: 'small', action: { action: 'select', slug: 'v2' } })]],
  ];
  describe.each(documents)('%s', (_name, document) => {
    it('document → markdown → document is the same document', () =>
      expect(withoutKeys(readParagraph(writeParagraph(document, paths), paths))).toEqual(merged(document)));
    it('markdown → document → markdown is a fixpoint', () => {
      const once = writeParagraph(readParagraph(writeParagraph(document, paths), paths), paths);
      expect(writeParagraph(readParagraph(once, paths), paths)).toBe(once);
    });
    it('round-trips through HTML too', () => {
      const html = readHtml(writeHtml(document, paths), paths);
      expect(writeHtml(html, paths)).toBe(writeHtml(document, paths));
    });
  });
});

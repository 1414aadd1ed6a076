import { Block, PageDocument } from '../document/document.model';
import { withoutKeys } from '../document/document-keys';
import { documentToMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

const blocks = (markdown: string): Block[] => withoutKeys(markdownToDocument(markdown).document).nodes;
const text = (value: string, ...marks: string[]) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', nodes });

/** Each construct reads to the document shape the spec gives it, and writes back to markdown that reads the same. */
function roundTrips(markdown: string): void {
  const first = markdownToDocument(markdown);
  const written = documentToMarkdown(first.document, { title: first.title });
  expect(withoutKeys(markdownToDocument(written))).toEqual(withoutKeys(first));
}

describe('markdown to document, per construct', () => {
  it.each([
    ['heading-1 (GitBook writes it ##: the page title is #)', '## One', 'heading-1'],
    ['heading-1 below the title', 'Intro\n\n# One', 'heading-1'],
    ['heading-2', '### Two', 'heading-2'],
    ['heading-3', '#### Three', 'heading-3'],
    ['heading-3 for deeper levels', '##### Five', 'heading-3'],
  ])('reads a %s', (_name, markdown, type) => {
    const nodes = blocks(markdown);
    expect(nodes[nodes.length - 1]).toMatchObject({ type, data: {} });
    roundTrips(markdown);
  });

  it('reads marks bold, italic, code, strikethrough and keyboard, outermost first', () => {
    expect(blocks('**b** _i_ `c` ~~s~~ <kbd>K</kbd> ***bi***')).toEqual([
      paragraph({
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'b', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'i', marks: [{ object: 'mark', type: 'italic' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'c', marks: [{ object: 'mark', type: 'code' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 's', marks: [{ object: 'mark', type: 'strikethrough' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'K', marks: [{ object: 'mark', type: 'keyboard' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'bi', marks: [{ object: 'mark', type: 'italic' }, { object: 'mark', type: 'bold' }] },
        ],
      }),
    ]);
    roundTrips('**b** _i_ `c` ~~s~~ <kbd>K</kbd> ***bi***');
  });

  it('reads links, emoji, mentions and inline math as inlines', () => {
    const markdown = 'See [the *docs*](https://x.dev) 🎉 [](mention:user:u1) $$e=mc^2$$';
    expect(blocks(markdown)).toEqual([
      paragraph(
        text('See '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.dev' } },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'the ', marks: [] },
                                             { object: 'leaf', text: 'docs', marks: [{ object: 'mark', type: 'italic' }] }] }] },
        text(' '),
        { object: 'inline', type: 'emoji', data: { code: '1f389' }, isVoid: true },
        text(' '),
        { object: 'inline', type: 'mention', data: { ref: { kind: 'user', user: 'u1' } }, isVoid: true },
        text(' '),
        { object: 'inline', type: 'inline-math', data: { formula: 'e=mc^2' }, isVoid: true },
      ),
    ]);
    roundTrips(markdown);
  });

  it('reads ordered, unordered and task lists with their items', () => {
    expect(blocks('3. a\n4. b')).toEqual([{ object: 'block', type: 'list-ordered', data: { start: 3 },
      nodes: [{ object: 'block', type: 'list-item', nodes: [paragraph(text('a'))] },
              { object: 'block', type: 'list-item', nodes: [paragraph(text('b'))] }] }]);
    expect(blocks('- a')).toEqual([{ object: 'block', type: 'list-unordered',
      nodes: [{ object: 'block', type: 'list-item', nodes: [paragraph(text('a'))] }] }]);
    expect(blocks('- [x] done\n- [ ] todo')).toEqual([{ object: 'block', type: 'list-tasks', nodes: [
      { object: 'block', type: 'list-item', data: { checked: true }, nodes: [paragraph(text('done'))] },
      { object: 'block', type: 'list-item', data: { checked: false }, nodes: [paragraph(text('todo'))] }] }]);
    roundTrips('3. a\n4. b\n\n- a\n  - nested\n\n- [x] done\n- [ ] todo');
  });

  it('reads a block quote, a divider and a math block', () => {
    expect(blocks('> quoted\n\n---\n\n$$\nx^2\n$$')).toEqual([
      { object: 'block', type: 'blockquote', nodes: [paragraph(text('quoted'))] },
      { object: 'block', type: 'divider', data: {}, isVoid: true },
      { object: 'block', type: 'math', data: { formula: 'x^2' }, isVoid: true },
    ]);
    roundTrips('> quoted\n\n---\n\n$$\nx^2\n$$');
  });

  it('reads a code block line by line, with the title and line numbers of {% code %}', () => {
    const markdown = '{% code title="app.ts" lineNumbers="true" %}\n```ts\nconst a = 1;\n\nexport { a };\n```\n{% endcode %}';
    const [code] = blocks(markdown);
    expect(code).toMatchObject({ type: 'code', data: { syntax: 'ts', title: 'app.ts', lineNumbers: true } });
    expect((code as Extract<Block, { type: 'code' }>).nodes.map((line) => line.nodes[0].leaves[0].text))
      .toEqual(['const a = 1;', '', 'export { a };']);
    roundTrips(markdown);
  });

  it.each(['info', 'warning', 'danger', 'success'])('reads a %s hint, its text right under the tag', (style) => {
    const markdown = `{% hint style="${style}" %}\nMind **this**.\n{% endhint %}`;
    expect(blocks(markdown)).toEqual([{ object: 'block', type: 'hint', data: { style },
      nodes: [paragraph({ object: 'text', leaves: [
        { object: 'leaf', text: 'Mind ', marks: [] },
        { object: 'leaf', text: 'this', marks: [{ object: 'mark', type: 'bold' }] },
        { object: 'leaf', text: '.', marks: [] }] })] }]);
    roundTrips(markdown);
  });

  it('closes a hint around a list whose last line swallowed the closing tag', () => {
    const [hint] = blocks('{% hint style="info" %}\n- one\n- two\n{% endhint %}\n\nAfter.');
    expect(hint).toMatchObject({ type: 'hint', nodes: [{ type: 'list-unordered' }] });
  });

  it('reads tabs with their titled tabs', () => {
    const markdown = '{% tabs %}\n{% tab title="npm" %}\n```sh\nnpm ci\n```\n{% endtab %}\n{% tab title="Yarn" %}\nRun yarn.\n{% endtab %}\n{% endtabs %}';
    expect(blocks(markdown)).toEqual([{ object: 'block', type: 'tabs', nodes: [
      { object: 'block', type: 'tabs-item', data: { title: 'npm' }, nodes: [expect.objectContaining({ type: 'code' })] },
      { object: 'block', type: 'tabs-item', data: { title: 'Yarn' }, nodes: [paragraph(text('Run yarn.'))] },
    ] }]);
    roundTrips(markdown);
  });

  it('reads <details> as an expandable with a title and a body', () => {
    const markdown = '<details>\n<summary>Why?</summary>\n\nBecause.\n\n</details>';
    expect(blocks(markdown)).toEqual([{ object: 'block', type: 'expandable', data: {}, isVoid: true, fragments: [
      { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph(text('Why?'))] },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [paragraph(text('Because.'))] },
    ] }]);
    roundTrips(markdown);
  });

  it('reads a GFM table as text columns, records in order and one fragment per cell', () => {
    const [table] = blocks('| Name | Size |\n| :-- | --: |\n| a | **1** |\n| b | 2 |');
    expect(table).toMatchObject({
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
        definition: { c0: { id: 'c0', title: 'Name', type: 'text', textAlignment: 'left' },
                      c1: { id: 'c1', title: 'Size', type: 'text', textAlignment: 'right' } },
        records: { r0: { values: { c0: 'r0-c0', c1: 'r0-c1' } }, r1: { values: { c0: 'r1-c0', c1: 'r1-c1' } } },
      },
    });
    const { records } = (table as Extract<Block, { type: 'table' }>).data;
    expect(records.r0.orderIndex < records.r1.orderIndex).toBe(true);
    expect((table as Extract<Block, { type: 'table' }>).fragments[1]).toEqual(
      { object: 'fragment', fragment: 'r0-c1', nodes: [paragraph(text('1', 'bold'))] });
    roundTrips('| Name | Size |\n| :-- | --: |\n| a | **1** |\n| b | 2 |');
  });

  it('reads <figure>s as an images block (GitBook\'s block images), and a Markdown image as an inline image', () => {
    const markdown = '<div><figure><img src="https://i/a.png" alt="A"></figure> <figure><img src="https://i/b.png" alt="B"></figure></div>';
    expect(blocks(markdown)).toEqual([{ object: 'block', type: 'images', data: {}, isVoid: false,
      nodes: ['A', 'B'].map((alt) => ({ object: 'block', type: 'image', isVoid: true, fragments: [],
        data: { ref: { kind: 'url', url: `https://i/${alt.toLowerCase()}.png` }, alt } })) }]);
    expect(blocks('![A](https://i/a.png)')[0]).toMatchObject({ type: 'paragraph', nodes: [{ type: 'inline-image' }] });
    expect(blocks('An ![icon](https://i/i.svg) here')[0]).toMatchObject({ type: 'paragraph', nodes: [
      text('An '), { type: 'inline-image', data: { ref: { kind: 'url', url: 'https://i/i.svg' }, alt: 'icon' } }, text(' here')] });
    roundTrips(`${markdown}\n\nAn ![icon](https://i/i.svg) here`);
  });

  it('reads {% file %} and {% content-ref %} blocks, a caption that is not a link to the target kept', () => {
    const markdown = '{% file src="file-1" %}\n{% endfile %}\n\n{% content-ref url="setup.md" %}\n[setup.md](setup.md)\n{% endcontent-ref %}' +
      '\n\n{% content-ref url="setup.md" %}\n[Set up](setup.md)\n{% endcontent-ref %}';
    expect(blocks(markdown)).toEqual([
      { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'file-1' } }, isVoid: true },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'setup.md' } }, isVoid: true },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'setup.md' } }, isVoid: true, fragments: [
        { object: 'fragment', fragment: 'caption', nodes: [paragraph(expect.objectContaining({ type: 'link' }))] }] },
    ]);
    roundTrips(markdown);
  });
});

describe('title', () => {
  it('comes from the front matter, and the leading heading then stays in the body', () => {
    const parsed = markdownToDocument('---\ntitle: Introduction\ndescription: About\n---\n# Welcome\n\nHello.');
    expect(parsed).toMatchObject({ title: 'Introduction', description: 'About' });
    expect(parsed.document.nodes[0]).toMatchObject({ type: 'heading-1' });
  });

  it('else comes from a leading level-1 heading, removed from the body', () => {
    const parsed = markdownToDocument('# Install\n\n```sh\nnpm ci\n```');
    expect(parsed.title).toBe('Install');
    expect(parsed.document.nodes.map((node) => node.type)).toEqual(['code']);
  });

  it('else is none', () => expect(markdownToDocument('## Section\n\nText.').title).toBeUndefined());
});

describe('front matter', () => {
  it('says whether the page is hidden or left out of search, its icon, and keeps keys it has no field for', () => {
    const parsed = markdownToDocument('---\nhidden: true\nnoIndex: false\nicon: book\nowner: docs-team\n---\nText.');
    expect(parsed).toMatchObject({ hidden: true, noIndex: false, icon: 'book' });
    expect(Object.keys(parsed).sort()).toEqual(['document', 'hidden', 'icon', 'noIndex']);
    expect(parsed.document.data).toEqual({ frontMatter: { owner: 'docs-team' } });
  });

  it.each([
    ['hidden: yes please', "The front matter's hidden is not a boolean"],
    ['noIndex: 1', "The front matter's noIndex is not a boolean"],
    ['title: 3', "The front matter's title is not a string"],
  ])('refuses %s', (yaml, message) => expect(() => markdownToDocument(`---\n${yaml}\n---\nText.`)).toThrow(message));
});

describe('document to markdown', () => {
  it('writes a document given as JSON, emitting GitBook block syntax', () => {
    const document: PageDocument = { object: 'document', data: {}, nodes: [
      { object: 'block', type: 'hint', key: 'h', data: { style: 'success' }, nodes: [
        { object: 'block', type: 'paragraph', key: 'p', nodes: [{ object: 'text', leaves: [
          { object: 'leaf', text: 'Done', marks: [{ object: 'mark', type: 'bold' }, { object: 'mark', type: 'italic' }] },
          { object: 'leaf', text: ' now', marks: [{ object: 'mark', type: 'bold' }] }] }] }] },
    ] };
    expect(documentToMarkdown(document)).toBe('{% hint style="success" %}\n**_Done_ now**\n{% endhint %}\n');
  });
});

/** What GitBook writes where the spec's schema is narrower: read into what the schema takes, written back GitBook's way. */
describe('GitBook forms the spec shapes otherwise', () => {
  it("reads an update's day as that day's midnight (UTC) and its tags as tag references, and writes them back as written", () => {
    const markdown = '{% updates format="full" %}\n{% update date="2024-01-15" tags="api,beta" %}\nShipped.\n{% endupdate %}\n{% endupdates %}\n';
    const [updates] = withoutKeys(markdownToDocument(markdown).document).nodes as Block[];
    expect((updates as { nodes: Block[] }).nodes[0]).toMatchObject({ data: { date: '2024-01-15T00:00:00.000Z', tags: [{ kind: 'tag', tag: 'api' }, { kind: 'tag', tag: 'beta' }] } });
    expect(documentToMarkdown(markdownToDocument(markdown).document)).toBe(markdown);
  });

  it('writes a heading ending in a space before its anchor as GitBook does, two plain spaces', () => {
    const markdown = '## Write or review  <a href="#write" id="write"></a>\n';
    const [heading] = markdownToDocument(markdown).document.nodes;
    expect(heading).toMatchObject({ type: 'heading-1', data: { id: 'write' }, nodes: [{ leaves: [{ text: 'Write or review ' }] }] });
    expect(documentToMarkdown(markdownToDocument(markdown).document)).toBe(markdown);
  });

  it('gives `{% updates %}` its default format, and keeps a prompt that holds no single code block as written', () => {
    const [updates] = markdownToDocument('{% updates %}\n{% update date="2024-01-15" %}\nA.\n{% endupdate %}\n{% endupdates %}\n').document.nodes;
    expect(updates).toMatchObject({ type: 'updates', data: { format: 'full' } });
    const prose = '{% prompt description="Plan" %}\nList what to check.\n{% endprompt %}';
    const [kept] = markdownToDocument(prose).document.nodes;
    expect(kept).toMatchObject({ type: 'code', data: { syntax: 'verbatim' } });
    expect(documentToMarkdown(markdownToDocument(prose).document)).toBe(`${prose}\n`);
  });
});

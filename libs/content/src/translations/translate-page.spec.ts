import { Block, Inline, Leaf, Mark, PageDocument, Text } from '@folio/kernel/document/document.model';
import { EngineFailed, EngineRequest, TranslationEngine } from './engines/translation-engine';
import { PseudoEngine } from './engines/pseudo-engine';
import { PageTranslationRequest } from './page-translation';
import { translatePage } from './translate-page';
import { BATCH_TEXTS } from './walk/engine-batches';

const bold: Mark = { object: 'mark', type: 'bold' };
const italic: Mark = { object: 'mark', type: 'italic' };
const code: Mark = { object: 'mark', type: 'code' };
const leaf = (text: string, ...marks: Mark[]): Leaf => ({ object: 'leaf', text, marks });
const text = (...leaves: Leaf[]): Text => ({ object: 'text', leaves });
const paragraph = (key: string, ...nodes: (Text | Inline)[]): Block => ({ object: 'block', type: 'paragraph', key, nodes });
const link = (words: string): Inline => ({ object: 'inline', type: 'link', key: 'l1', data: { ref: { kind: 'url', url: 'https://example.com/a' } }, nodes: [text(leaf(words))] });

/** A page with a block of every kind that holds text, and of the kinds that must never be sent. */
function sourcePage(): PageTranslationRequest['page'] {
  const document: PageDocument = {
    object: 'document',
    data: { frontMatter: { layout: 'wide' } },
    nodes: [
      { object: 'block', type: 'heading-1', key: 'h1', data: { id: 'getting-started' }, nodes: [text(leaf('Getting started'))] },
      paragraph(
        'p1',
        text(leaf('Open the '), leaf('space', bold), leaf(' and ', bold, italic), leaf('run_this()', bold, code), leaf(' then read ')),
        link('the guide'),
        text(leaf(' with '), leaf('npm install', code), leaf(' ')),
        { object: 'inline', type: 'emoji', key: 'e1', data: { code: '1f600' }, isVoid: true },
        text(leaf(' hello ')),
        { object: 'inline', type: 'expression', key: 'x1', data: { expression: 'space.vars.product' }, isVoid: true },
        text(leaf('.')),
      ),
      { object: 'block', type: 'code', key: 'c1', data: { syntax: 'js', title: 'main.js' }, nodes: [{ object: 'block', type: 'code-line', key: 'cl1', data: {}, nodes: [text(leaf('const greeting = "Hello world";'))] }] },
      { object: 'block', type: 'math', key: 'm1', data: { formula: 'E = mc^2' }, isVoid: true },
      {
        object: 'block', type: 'list-unordered', key: 'ul', nodes: [
          { object: 'block', type: 'list-item', key: 'li1', nodes: [paragraph('lp1', text(leaf('First item')))] },
        ],
      },
      { object: 'block', type: 'hint', key: 'hi', data: { style: 'info' }, nodes: [paragraph('hp', text(leaf('Be careful')))] },
      {
        object: 'block', type: 'tabs', key: 'tb', nodes: [
          { object: 'block', type: 'tabs-item', key: 't1', data: { title: 'First tab' }, nodes: [paragraph('tp', text(leaf('Inside the tab')))] },
        ],
      },
      {
        object: 'block', type: 'image', key: 'im', isVoid: true, data: { ref: { kind: 'url', url: 'https://example.com/cat.png' }, alt: 'A sleeping cat' },
        fragments: [{ object: 'fragment', fragment: 'caption', nodes: [paragraph('ic', text(leaf('The cat')))] }],
      },
      {
        object: 'block', type: 'table', key: 'ta', isVoid: true,
        data: {
          view: { type: 'grid', columns: ['c'], hideHeader: false },
          records: { r1: { orderIndex: 'a0', values: { c: 'f1' } } },
          definition: { c: { id: 'c', type: 'text', title: 'Name', textAlignment: 'left' } },
        },
        fragments: [{ object: 'fragment', fragment: 'f1', nodes: [paragraph('tc', text(leaf('Cell words')))] }],
      },
    ],
  };
  return { title: 'Quick start', description: 'How to begin', document };
}

const request = (page = sourcePage(), glossary: PageTranslationRequest['glossary'] = []): PageTranslationRequest => ({ page, from: 'en', to: 'fr', glossary });

/** A node of a translated document, read loosely by the assertions. */
interface Loose {
  nodes: Loose[];
  leaves: Leaf[];
  fragments: Loose[];
  data: { title?: string; definition: Record<string, { title: string }>; records: unknown };
}

const PROSE_FIELDS = new Set(['title', 'alt', 'caption', 'label', 'description']);

/** Everything of a document but its words (texts' and prose fields'): what a translation must keep. */
function structure(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structure);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (object.object === 'text') return { object: 'text' };
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, PROSE_FIELDS.has(k) && typeof v === 'string' ? 'prose' : structure(v)]));
  }
  return value;
}

function leavesOf(nodes: readonly unknown[]): Leaf[] {
  return nodes.flatMap((node) => {
    const n = node as { object: string; leaves?: Leaf[]; nodes?: unknown[]; fragments?: { nodes: unknown[] }[] };
    if (n.object === 'text') return n.leaves ?? [];
    return [...leavesOf(n.nodes ?? []), ...(n.fragments ?? []).flatMap((f) => leavesOf(f.nodes))];
  });
}

/** An engine that records what it is asked, answering with `answer`. */
class TestEngine implements TranslationEngine {
  readonly name = 'libretranslate';
  readonly requests: EngineRequest[] = [];
  constructor(private readonly answer: (text: string, format: EngineRequest['format']) => string) {}
  translate(request: EngineRequest): Promise<string[]> {
    this.requests.push(request);
    return Promise.resolve(request.texts.map((t) => this.answer(t, request.format)));
  }
  sent(): string[] {
    return this.requests.flatMap((r) => r.texts);
  }
}

// Upper-cases the words only (tags and entities kept, as an engine does).
const upper = (t: string) => t.split(/(<[^>]*>|&[a-z#0-9]+;)/i).map((part, i) => (i % 2 ? part : part.toUpperCase())).join('');

describe('translatePage', () => {
  it('translates every text and keeps the structure: block kinds, keys, data, marks, links, kept inlines', async () => {
    const source = sourcePage();
    const { page } = await translatePage(request(source), new TestEngine(upper));

    expect(structure(page.document)).toEqual(structure(source.document));
    expect(page.title).toBe('QUICK START');
    expect(page.description).toBe('HOW TO BEGIN');
    const [heading, p1, codeBlock, math, list, hint, tabs, image, table] = page.document!.nodes as unknown as Loose[];
    expect(heading.nodes[0].leaves).toEqual([leaf('GETTING STARTED')]);
    expect(p1.nodes).toEqual([
      text(leaf('OPEN THE '), leaf('SPACE', bold), leaf(' AND ', bold, italic), leaf('run_this()', bold, code), leaf(' THEN READ ')),
      { ...link('THE GUIDE') },
      text(leaf(' WITH '), leaf('npm install', code), leaf(' ')),
      source.document!.nodes[1] && (source.document!.nodes[1] as unknown as Loose).nodes[3],
      text(leaf(' HELLO ')),
      (source.document!.nodes[1] as unknown as Loose).nodes[5],
      text(leaf('.')),
    ]);
    expect(codeBlock).toEqual(source.document!.nodes[2]);
    expect(math).toEqual(source.document!.nodes[3]);
    expect(list.nodes[0].nodes[0].nodes[0].leaves[0].text).toBe('FIRST ITEM');
    expect(hint.nodes[0].nodes[0].leaves[0].text).toBe('BE CAREFUL');
    expect(tabs.nodes[0].data.title).toBe('FIRST TAB');
    expect(tabs.nodes[0].nodes[0].nodes[0].leaves[0].text).toBe('INSIDE THE TAB');
    expect(image.data).toEqual({ ...(source.document!.nodes[7] as unknown as Loose).data, alt: 'A SLEEPING CAT' });
    expect(image.fragments[0].nodes[0].nodes[0].leaves[0].text).toBe('THE CAT');
    expect(table.data.definition.c.title).toBe('NAME');
    expect(table.data.records).toEqual((source.document!.nodes[8] as unknown as Loose).data.records);
    expect(table.fragments[0].nodes[0].nodes[0].leaves[0].text).toBe('CELL WORDS');
    // The request is not changed.
    expect(source).toEqual(sourcePage());
  });

  it('never sends code blocks, math, inline code, links\' targets or kept inlines\' data', async () => {
    const engine = new TestEngine(upper);
    await translatePage(request(), engine);
    const sent = engine.sent().join('\n');
    for (const kept of ['Hello world', 'E = mc^2', 'run_this', 'npm install', 'example.com', '1f600', 'space.vars.product', 'main.js']) {
      expect(sent).not.toContain(kept);
    }
  });

  it('sends a run with marks and inlines as markup with numbered tags, in one request per format', async () => {
    const engine = new TestEngine(upper);
    await translatePage(request(), engine);
    expect(engine.requests.map((r) => r.format)).toEqual(['html', 'text']);
    expect(engine.requests[0].texts).toEqual(['Open the <m1>space<m2> and </m2></m1><x3/> then read <l4>the guide</l4> with <x5/> <x6/> hello <x7/>.']);
    expect(engine.requests[1].texts).toContain('Getting started');
  });

  it('counts the words sent', async () => {
    const { words } = await translatePage(request(), new TestEngine(upper));
    // Quick start (2), How to begin (3), Getting started (2), Open the space and then read the guide with hello (10),
    // First item (2), Be careful (2), First tab (2), Inside the tab (3), A sleeping cat (3), The cat (2), Name (1), Cell words (2)
    expect(words).toBe(34);
  });

  it('keeps marks and links where an engine moved the words around them', async () => {
    // "Read <l1>the guide</l1> now" comes back with the link first, as a language with another word order would.
    const engine = new TestEngine((t, format) => (format === 'html' ? upper(t.replace(/^(.*?)(<l(\d+)>.*<\/l\3>)(.*)$/, '$2 $1$4')) : t));
    const source = { title: 'T', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('Read ')), link('the guide'), text(leaf(' now')))] } as PageDocument };
    const { page } = await translatePage(request(source), engine);
    expect(page.document!.nodes[0]).toEqual(paragraph('p', text(leaf('')), link('THE GUIDE'), text(leaf(' READ  NOW'))));
  });

  it('translates leaf by leaf when an engine breaks the tags, keeping every node and mark', async () => {
    const engine = new TestEngine((t, format) => (format === 'html' ? t.replace(/<[^>]*>/g, '').toUpperCase() : t.toUpperCase()));
    const source = sourcePage();
    const { page, words } = await translatePage(request(source), engine);
    expect(structure(page.document)).toEqual(structure(source.document));
    expect((page.document!.nodes[1] as unknown as Loose).nodes).toEqual([
      text(leaf('OPEN THE '), leaf('SPACE', bold), leaf(' AND ', bold, italic), leaf('run_this()', bold, code), leaf(' THEN READ ')),
      link('THE GUIDE'),
      text(leaf(' WITH '), leaf('npm install', code), leaf(' ')),
      (source.document!.nodes[1] as unknown as Loose).nodes[3],
      text(leaf(' HELLO ')),
      (source.document!.nodes[1] as unknown as Loose).nodes[5],
      text(leaf('.')),
    ]);
    // The fallback's texts are sent as plain text, trimmed (the spaces around them are put back).
    expect(engine.requests[2]).toMatchObject({ format: 'text', texts: ['Open the', 'space', 'and', 'then read', 'the guide', 'with', 'hello', '.'] });
    expect(words).toBe(34);
  });

  it.each([
    ['a tag dropped', (t: string) => t.replace('<x3/>', '')],
    ['a tag doubled', (t: string) => t.replace('<x3/>', '<x3/><x3/>')],
    ['tags crossed', (t: string) => t.replace('<m2> and </m2></m1>', '<m2> and </m1></m2>')],
    ['a kept inline moved into a link', (t: string) => t.replace('<x5/>', '').replace('the guide', 'the guide<x5/>')],
    ['an unknown tag', (t: string) => t.replace('hello', '<b>hello</b>')],
    ['a tag of another kind', (t: string) => t.replace('<x3/>', '<m3></m3>')],
  ])('falls back leaf by leaf on %s', async (_, breakTags) => {
    const engine = new TestEngine((t, format) => (format === 'html' ? breakTags(t) : t.toUpperCase()));
    const source = sourcePage();
    const { page } = await translatePage(request(source), engine);
    expect(structure(page.document)).toEqual(structure(source.document));
    expect(engine.requests).toHaveLength(3);
    expect(leavesOf((page.document!.nodes[1] as unknown as Loose).nodes).map((l) => l.text)).toContain('OPEN THE ');
  });

  it('accepts a void tag written back as an empty pair, and decodes the entities engines write', async () => {
    const engine = new TestEngine((t) => t.replace(/<x(\d+)\/>/g, '<x$1></x$1>').replace('then', 'th&eacute;n &#x27;&quot;'));
    const { page } = await translatePage(request(), engine);
    expect((page.document!.nodes[1] as unknown as Loose).nodes[0].leaves[4].text).toBe(' th&eacute;n \'" read ');
  });

  it('escapes the text it sends as markup and reads it back', async () => {
    const source = { title: 'T', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('a < b & '), leaf('c > d', bold)))] } as PageDocument };
    const engine = new TestEngine((t) => t);
    const { page } = await translatePage(request(source), engine);
    expect(engine.requests[0].texts).toEqual(['a &lt; b &amp; <m1>c &gt; d</m1>']);
    expect(page.document).toEqual(source.document);
  });

  it('puts glossary terms in untranslated: whole words, any case, the longest first', async () => {
    const glossary = [{ source: 'space', target: 'espace' }, { source: 'change request', target: 'demande de modification' }, { source: 'change', target: 'modification' }];
    const source = { title: 'Spaces and the Space', description: 'A Change Request', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('Open the '), leaf('space', bold), leaf(' to change it')))] } as PageDocument };
    const engine = new TestEngine((t) => upper(t));
    const { page, words } = await translatePage(request(source, glossary), engine);
    expect(engine.sent()).toEqual(expect.arrayContaining(['Spaces and the <g1>espace</g1>', 'A <g1>demande de modification</g1>']));
    expect(page.title).toBe('SPACES AND THE espace');
    expect(page.description).toBe('A demande de modification');
    expect((page.document!.nodes[0] as unknown as Loose).nodes[0].leaves).toEqual([leaf('OPEN THE '), leaf('espace', bold), leaf(' TO modification IT')]);
    // Terms are not sent, so not counted: Spaces and the (3), A (1), Open the to it (4).
    expect(words).toBe(8);
  });

  it('puts in the terms of a run made only of terms and kept nodes without sending it', async () => {
    const engine = new TestEngine(upper);
    const source = { title: 'Space', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('Space', bold), leaf(' '), leaf('x()', code)))] } as PageDocument };
    const { page, words } = await translatePage(request(source, [{ source: 'space', target: 'espace' }]), engine);
    expect(engine.requests).toEqual([]);
    expect(page.title).toBe('espace');
    expect((page.document!.nodes[0] as unknown as Loose).nodes[0].leaves).toEqual([leaf('espace', bold), leaf(' '), leaf('x()', code)]);
    expect(words).toBe(0);
  });

  it('applies the glossary in the leaf-by-leaf fallback too', async () => {
    const engine = new TestEngine((t, format) => (format === 'html' ? 'broken' : t.toUpperCase()));
    const source = { title: 'T', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('Open the space '), leaf('now', bold)))] } as PageDocument };
    const { page } = await translatePage(request(source, [{ source: 'space', target: 'espace' }]), engine);
    expect((page.document!.nodes[0] as unknown as Loose).nodes[0].leaves).toEqual([leaf('OPEN THE espace '), leaf('NOW', bold)]);
  });

  it('sends nothing for a run of only kept nodes, and keeps a page without a document', async () => {
    const engine = new TestEngine(upper);
    const source = { title: 'Links', document: null };
    expect(await translatePage(request(source), engine)).toEqual({ page: { title: 'LINKS', document: null }, words: 1 });
    const onlyCode = { title: '', document: { object: 'document', data: {}, nodes: [paragraph('p', text(leaf('x()', code)))] } as PageDocument };
    const quiet = new TestEngine(upper);
    expect((await translatePage(request(onlyCode), quiet)).page).toEqual(onlyCode);
    expect(quiet.requests).toEqual([]);
  });

  it('batches a long page into bounded requests, in order', async () => {
    const nodes = Array.from({ length: BATCH_TEXTS * 2 + 5 }, (_, i) => paragraph(`p${i}`, text(leaf(`Paragraph number ${i}`))));
    const engine = new TestEngine(upper);
    const { page } = await translatePage(request({ title: 'T', document: { object: 'document', data: {}, nodes } }), engine);
    expect(engine.requests.map((r) => r.texts.length)).toEqual([BATCH_TEXTS, BATCH_TEXTS, 6]);
    expect((page.document!.nodes[BATCH_TEXTS * 2 + 4] as unknown as Loose).nodes[0].leaves[0].text).toBe(`PARAGRAPH NUMBER ${BATCH_TEXTS * 2 + 4}`);
  });

  it('fails with EngineFailed when an engine answers another count of texts', async () => {
    const engine: TranslationEngine = { name: 'deepl', translate: () => Promise.resolve([]) };
    await expect(translatePage(request(), engine)).rejects.toThrow(new EngineFailed('The deepl engine answered 0 translations for 1 texts'));
  });

  it('pseudo-localizes with the pseudo engine, the structure kept', async () => {
    const source = sourcePage();
    const { page } = await translatePage(request(source), new PseudoEngine());
    expect(structure(page.document)).toEqual(structure(source.document));
    expect(page.title).toBe('[Ǫúúííçķ šţááŕţ]');
    const p1 = (page.document!.nodes[1] as unknown as Loose).nodes;
    expect(p1[0].leaves[0].text).toBe('[ÓÓþééñ ţĥéé ');
    expect(p1[1]).toEqual({ ...link('ţĥéé ĝúúííđéé') });
    expect(p1[6].leaves[0].text).toBe('.]');
    expect((page.document!.nodes[2] as unknown as Loose)).toEqual(source.document!.nodes[2]);
  });

  it('translates an annotation\'s text and body, an inline image\'s alt and caption, a button\'s label; keeps text keys', async () => {
    const annotation: Inline = {
      object: 'inline', type: 'annotation', key: 'an', isVoid: false, nodes: [text(leaf('noted words'))],
      fragments: [{ object: 'fragment', fragment: 'annotation-body', type: 'annotation-body', nodes: [paragraph('ab', text(leaf('The note')))] }],
    };
    const image: Inline = { object: 'inline', type: 'inline-image', key: 'ii', isVoid: true, data: { ref: { kind: 'url', url: 'https://example.com/i.png' }, alt: 'An icon', caption: 'Its caption' } };
    const button: Inline = { object: 'inline', type: 'button', key: 'bu', isVoid: true, data: { label: 'Sign up', kind: 'primary', ref: { kind: 'url', url: 'https://example.com/signup' } } };
    const first: Text = { ...text(leaf('See ')), key: 't1' };
    const last: Text = { ...text(leaf(' now')), key: 't2' };
    const source = { title: 'T', document: { object: 'document', data: {}, nodes: [paragraph('p', first, annotation, text(leaf(' ')), image, text(leaf(' ')), button, last)] } as PageDocument };
    const engine = new TestEngine(upper);
    const { page } = await translatePage(request(source), engine);
    expect(engine.requests[0].texts).toEqual(['See <a1>noted words</a1> <x2/> <x3/> now']);
    const nodes = (page.document!.nodes[0] as unknown as Loose).nodes as unknown as Inline[];
    expect(nodes).toEqual([
      { ...text(leaf('SEE ')), key: 't1' },
      { ...annotation, nodes: [text(leaf('NOTED WORDS'))], fragments: [{ ...(annotation as { fragments: object[] }).fragments[0], nodes: [paragraph('ab', text(leaf('THE NOTE')))] }] },
      text(leaf(' ')),
      { ...image, data: { ...(image as { data: object }).data, alt: 'AN ICON', caption: 'ITS CAPTION' } },
      text(leaf(' ')),
      { ...button, data: { ...(button as { data: object }).data, label: 'SIGN UP' } },
      { ...text(leaf(' NOW')), key: 't2' },
    ]);
  });
});

import { Invalid } from '@folio/platform/domain/errors';
import { expectInOrder, readPdf } from '@folio/platform/testing/pdf-text';
import { PageDocument } from '@folio/kernel/document/document.model';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { PageAssets, PdfFile } from './block-drawer';
import { png } from './pdf-test-images';
import { PdfPage, PdfWriter } from './pdf-writer';

const CREATED = new Date('2026-03-01T09:00:00.000Z');
const md = (text: string): PageDocument => markdownToDocument(text).document;
const noAssets: PageAssets = { link: () => null, file: () => null, openapi: () => null };
const page = (id: string, title: string, document: PageDocument | null, more: Partial<PdfPage> = {}): PdfPage => ({
  id,
  title,
  parent: null,
  document,
  assets: noAssets,
  ...more,
});

async function print(pages: PdfPage[], maxBytes?: number): Promise<Buffer> {
  const writer = new PdfWriter({ title: 'Docs', createdAt: CREATED, maxBytes });
  for (const p of pages) writer.page(p);
  return writer.finish();
}

const EVERY_BLOCK = `## Getting started

A paragraph with **bold**, _italic_, \`inline code\` and ~~struck~~ text.

Unicode: Größe, Ελληνικά, кириллица, → ≥ ✓.

### Lists

- apples
  - green apples
  - red apples
- pears

1. first step
2. second step

- [x] done task
- [ ] open task

\`\`\`ts
const answer = 42;
	return answer;
\`\`\`

| Column A | Column B |
| --- | --- |
| cell a1 | cell b1 |
| cell a2 | cell b2 |

{% hint style="warning" %}
Mind the gap.
{% endhint %}

> A quoted line.

---

Last words.
`;

describe('PdfWriter', () => {
  it('prints titles, descriptions, headings, marks, nested lists, tasks, code, tables, hints and quotes, in order', async () => {
    const { lines } = await readPdf(await print([page('p1', 'Handbook', md(EVERY_BLOCK), { description: 'All about it' })]));
    expectInOrder(lines, [
      'Handbook',
      'All about it',
      'Getting started',
      'A paragraph with bold, italic, inline code and struck text.',
      'Unicode: Größe, Ελληνικά, кириллица, → ≥ ✓.',
      'Lists',
      'apples',
      'green apples',
      'red apples',
      'pears',
      'first step',
      'second step',
      'done task',
      'open task',
      'const answer = 42;',
      'return answer;',
      'Column A',
      'cell a1',
      'cell a2',
      'Warning',
      'Mind the gap.',
      'A quoted line.',
      'Last words.',
    ]);
    // A table's row is one line of text: its cells side by side.
    expect(lines).toEqual(expect.arrayContaining(['Column AColumn B', 'cell a1cell b1', 'cell a2cell b2']));
    expect(lines.some((line) => /^1\.\s*first step$/.test(line))).toBe(true);
    expect(lines.some((line) => /^☑\s*done task$/.test(line))).toBe(true);
    expect(lines.some((line) => /^☐\s*open task$/.test(line))).toBe(true);
  });

  it('starts each page on a new sheet and numbers the sheets', async () => {
    const { pages } = await readPdf(await print([page('a', 'First page', md('One.')), page('b', 'Second page', md('Two.'), { parent: 'a' })]));
    expect(pages).toEqual([
      ['First page', 'One.', '1'],
      ['Second page', 'Two.', '2'],
    ]);
  });

  it('flows long content over several sheets, code blocks included', async () => {
    const code = ['```', ...Array.from({ length: 150 }, (_, i) => `line ${i + 1}`), '```'].join('\n');
    const { pages, lines } = await readPdf(await print([page('a', 'Long', md(code))]));
    expect(pages.length).toBeGreaterThan(1);
    expectInOrder(lines, Array.from({ length: 150 }, (_, i) => `line ${i + 1}`));
  });

  it('makes links: URLs as URI actions, pages of the PDF as jumps to their destination', async () => {
    const assets: PageAssets = {
      link: (ref) => (ref.kind === 'url' ? { url: ref.url } : ref.kind === 'page' ? { destination: `page-${ref.page}` } : null),
      file: () => null,
      openapi: () => null,
    };
    const bytes = await print([page('a', 'A', md('See [the site](https://example.com/docs) and [page B](/pages/b).'), { assets }), page('b', 'B', md('Hi.'))]);
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/URI \(https:\/\/example\.com\/docs\)/);
    expect(raw).toMatch(/\/S \/GoTo\s+\/D \(page-b\)/);
    expectInOrder((await readPdf(bytes)).lines, ['See the site and page B.']);
  });

  it('embeds PNG images from files once, and captions what it cannot embed', async () => {
    const files: Record<string, PdfFile> = {
      logo: { name: 'logo.png', bytes: png({ width: 40, height: 20 }) },
      // A PNG whose rows have a filter byte png-js throws on, from a zlib callback: it must never reach pdfkit.
      broken: { name: 'broken.png', bytes: png({ rows: Buffer.concat([Buffer.from([9]), Buffer.alloc(8), Buffer.from([9]), Buffer.alloc(8)]) }) },
      doc: { name: 'guide.svg' },
    };
    const assets: PageAssets = { ...noAssets, file: (id) => files[id] ?? null };
    const figure = (src: string, alt: string) => `<figure><img src="${src}" alt="${alt}"></figure>`;
    const document = md([figure('/files/logo', 'Logo'), figure('/files/logo', 'Logo again'), figure('/files/broken', 'Broken'), figure('/files/doc', 'Drawing')].join('\n\n'));
    const bytes = await print([page('a', 'Pictures', document, { assets })]);
    // The RGBA logo is one picture and its alpha mask, embedded once for its two uses.
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    expectInOrder((await readPdf(bytes)).lines, ['Pictures', '[Image: Broken]', '[Image: Drawing]']);
  });

  it('prints the same pages to the same bytes', async () => {
    const pages = [page('a', 'Same', md(EVERY_BLOCK))];
    expect((await print(pages)).equals(await print(pages))).toBe(true);
  });

  it('refuses to grow past its size limit', async () => {
    const big = md(Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with some text to fill the page.`).join('\n\n'));
    await expect(print([page('a', 'A', big), page('b', 'B', big)], 20_000)).rejects.toThrow(Invalid);
  });

  it('says so when there is nothing to print', async () => {
    expect((await readPdf(await print([]))).lines).toEqual(['Docs', 'There are no pages to print.', '1']);
  });
});

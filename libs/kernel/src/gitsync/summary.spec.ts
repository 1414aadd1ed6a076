import { resolveTarget, targetSpellings } from './folder-paths';
import { readSummary, TocEntry, writeSummary } from './summary';

const resolve = (target: string) => targetSpellings(target).map((t) => resolveTarget('SUMMARY.md', t)).find((p) => p !== undefined);

const SUMMARY = `# Table of contents

* [Welcome](README.md)
* [Pricing](pricing.md "Plans")

## Get Started <a href="#start" id="start"></a>

* [Quickstart](start/quickstart.md)
* [Guides](start/guides/README.md)
  * [Install \\[v2\\]](start/guides/install.md)
    * [Deep](<start/guides/install/deep page.md>)
  * [Install again](start/guides/install.md)
  * [Options](start/guides/install.md#options)
* [Status](https://status.example.com)

## Reference

* [API](reference/api.md)
`;

describe('SUMMARY.md', () => {
  const entries = readSummary(SUMMARY, resolve);

  it('reads root pages, ## groups with their anchor as slug, nested bullets, link titles and link pages', () => {
    const leaf = (title: string, path: string, children: TocEntry[] = []): TocEntry => ({ kind: 'page', title, path, children });
    expect(entries).toEqual([
      leaf('Welcome', 'README.md'),
      { ...leaf('Pricing', 'pricing.md'), linkTitle: 'Plans' },
      {
        kind: 'group',
        title: 'Get Started',
        slug: 'start',
        children: [
          leaf('Quickstart', 'start/quickstart.md'),
          leaf('Guides', 'start/guides/README.md', [
            leaf('Install [v2]', 'start/guides/install.md', [leaf('Deep', 'start/guides/install/deep page.md')]),
            { kind: 'link', title: 'Install again', target: 'start/guides/install.md', children: [] },
            { kind: 'link', title: 'Options', target: 'start/guides/install.md#options', children: [] },
          ]),
          { kind: 'link', title: 'Status', target: 'https://status.example.com', children: [] },
        ],
      },
      { kind: 'group', title: 'Reference', slug: 'reference', children: [leaf('API', 'reference/api.md')] },
    ]);
  });

  it('writes what it reads: the same entries come back, and the text is a fixpoint', () => {
    const written = writeSummary(entries);
    expect(readSummary(written, resolve)).toEqual(entries);
    expect(writeSummary(readSummary(written, resolve))).toBe(written);
    expect(written).toContain('## Get Started <a href="#start" id="start"></a>\n\n* [Quickstart](start/quickstart.md)\n');
    expect(written).toContain('## Reference\n');
    expect(written).toContain('    * [Deep](<start/guides/install/deep page.md>)\n');
  });

  it('reads a summary of thousands of pages (one list), and refuses one nested deeper than a document may be, before recursing', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `* [P *${i}* \\[x\\]](p${i}.md)`).join('\n');
    expect(readSummary(many, resolve)).toHaveLength(5000);
    const deep = Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}* [p${i}](p${i}.md)`).join('\n');
    expect(() => readSummary(deep, resolve)).toThrow(/deeper than 64 levels/);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutKeys } from '../document/document-keys';
import { Block, Fragment } from '../document/document.model';
import { documentToMarkdown } from './document-to-markdown';
import { pageFidelity, WRITTEN_TARGETS } from './fidelity';
import { markdownToDocument } from './markdown-to-document';
import { VERBATIM } from './blocks/verbatim';

/** Pages written in GitBook's dialect for these tests, one per family of blocks (none copied from anywhere). */
const folder = join(__dirname, '../../../../test/fixtures/gitbook-space/blocks');
const pages = readdirSync(folder).filter((name) => name.endsWith('.md')).sort();
const options = { links: WRITTEN_TARGETS };

/** Every block type in a document, fragments included, verbatim blocks named as such. */
function blockTypes(nodes: readonly Block[]): Set<string> {
  const types = new Set<string>();
  const pending: (Block | Fragment)[] = [...nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.object === 'block') types.add(node.type === 'code' && node.data.syntax === VERBATIM ? 'verbatim' : node.type);
    for (const child of (node as { nodes?: unknown[] }).nodes ?? []) if ((child as Block).object === 'block') pending.push(child as Block);
    for (const fragment of (node as { fragments?: Fragment[] }).fragments ?? []) pending.push(fragment);
  }
  return types;
}

/** What each page is about: the blocks it must read as (a page read as verbatim text would not have them). */
const EXPECTED: Record<string, { has: string[]; verbatim?: boolean }> = {
  'hints-and-quotes.md': { has: ['hint', 'blockquote', 'divider', 'heading-1', 'list-unordered'] },
  'lists.md': { has: ['list-unordered', 'list-ordered', 'list-tasks', 'code'] },
  'code-and-math.md': { has: ['code', 'math'] },
  'images-and-files.md': { has: ['images', 'image', 'file'] },
  'tables-and-cards.md': { has: ['table', 'heading-3', 'heading-2'] },
  'tabs-steppers-columns.md': { has: ['tabs', 'tabs-item', 'stepper', 'stepper-step', 'columns', 'column', 'hint', 'images'] },
  'expandables.md': { has: ['expandable', 'hint', 'code', 'list-unordered'] },
  'updates.md': { has: ['updates', 'update', 'images'] },
  'embeds-and-integrations.md': { has: ['embed', 'integration'] },
  'openapi.md': { has: ['swagger', 'openapi-operation', 'openapi-schemas', 'openapi-webhook'] },
  'conditions-and-reusable.md': { has: ['if', 'reusable-content', 'content-ref', 'prompt', 'heading-2', 'heading-1'] },
  'unknown-tags.md': { has: ['verbatim'], verbatim: true },
  'front-matter.md': { has: ['paragraph'] },
};

describe('GitBook fixture pages', () => {
  it('has a page for every family of blocks', () => expect(pages).toEqual(expect.arrayContaining(Object.keys(EXPECTED))));

  describe.each(pages)('%s', (name) => {
    const markdown = readFileSync(join(folder, name), 'utf8');

    it('has a title and reads as the blocks it is about', () => {
      const { title, document } = markdownToDocument(markdown, options);
      expect(title).toEqual(expect.any(String));
      const types = blockTypes(document.nodes);
      expect([...types]).toEqual(expect.arrayContaining(EXPECTED[name]?.has ?? []));
      if (!EXPECTED[name]?.verbatim) expect(types.has('verbatim')).toBe(false);
    });

    it('round-trips: written back, it is the page it was after normalization, and a second pass writes the same bytes', () => {
      const fidelity = pageFidelity(markdown, options);
      expect(fidelity.refused).toBeUndefined();
      if (fidelity.refused !== undefined) return;
      expect(fidelity).toMatchObject({ equal: true, fixpoint: true });
    });

    it('document → markdown → document gives the same page, up to keys', () => {
      const { document, ...page } = markdownToDocument(markdown, options);
      const again = markdownToDocument(documentToMarkdown(document, page, options), options);
      expect(withoutKeys(again)).toEqual(withoutKeys({ ...page, document }));
    });
  });
});

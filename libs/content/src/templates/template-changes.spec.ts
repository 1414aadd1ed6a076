import 'reflect-metadata';
import { Invalid } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { applyContentBatch } from '@folio/content/change-requests/content/apply-content-batch';
import { parseContentChanges } from '@folio/content/change-requests/content/content-changes';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { SPACE_TEMPLATES } from './space-templates';
import { templateChanges, TemplateRequest } from './template-changes';
import { DocumentWork } from '@folio/content/documents/document-work';

const NOW = '2026-03-01T09:00:00.000Z';

describe('templateChanges', () => {
  const objects = useTempObjectStore('folio-template-');
  let trees: ContentTrees;
  let ids: number;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
    ids = 0;
  });

  /** The template's batch, as the content route would validate it, applied on `tree` and committed. */
  async function apply(request: TemplateRequest, tree = EMPTY_TREE_HASH): Promise<TreeSnapshot> {
    const changes = parseContentChanges(JSON.parse(JSON.stringify(templateChanges(request))));
    const editor = await trees.edit(tree);
    await applyContentBatch(changes, {
      editor,
      base: () => trees.open(tree),
      revision: () => Promise.reject(new Error('no revisions here')),
      readFile: () => Promise.reject(new Error('templates have no files')),
      documents: new DocumentWork(null),
      newId: () => `id${++ids}`,
      now: NOW,
    });
    return trees.open(await editor.commit());
  }
  const outline = async (tree: TreeSnapshot) => Promise.all((await tree.pages()).map(async (p) => `${await tree.pathOf(p.id)}: ${p.title}`));
  const markdownOf = async (tree: TreeSnapshot, path: string) => {
    const page = (await tree.pageByPath(path))!;
    return documentToMarkdown((await tree.document(page))!);
  };

  it('offers four templates with distinct ids, titles and pages', () => {
    expect(SPACE_TEMPLATES.map((t) => t.id)).toEqual(['product-docs', 'api-reference', 'knowledge-base', 'changelog']);
    for (const template of SPACE_TEMPLATES) {
      expect(template.title).not.toBe('');
      expect(template.pages.length).toBeGreaterThan(1);
    }
  });

  it.each(SPACE_TEMPLATES.map((t) => [t.id]))('%s: every page lands with its title and nesting, every link to its pages resolved to an id', async (id) => {
    const tree = await apply({ id });
    const pages = await tree.pages();
    const template = SPACE_TEMPLATES.find((t) => t.id === id)!;
    const count = (list: typeof template.pages): number => list.reduce((n, p) => n + 1 + count(p.children ?? []), 0);
    expect(pages).toHaveLength(count(template.pages));
    expect(pages.some((page) => page.parent !== null)).toBe(true);
    const ids = new Set(pages.map((page) => page.id));
    for (const page of pages) {
      const document = await tree.document(page);
      expect(document).not.toBeNull();
      const json = JSON.stringify(document);
      for (const [, target] of json.matchAll(/"kind":"page","page":"([^"]+)"/g)) expect(ids.has(target)).toBe(true);
      expect(json).not.toMatch(/template[:_]/);
    }
  });

  it('builds the product docs as a tree: guides hold configuration and integrations, links point at the new pages', async () => {
    const tree = await apply({ id: 'product-docs' });
    expect(await outline(tree)).toEqual([
      'overview: Overview',
      'quickstart: Quickstart',
      'guides: Guides',
      'guides/configuration: Configuration',
      'guides/integrations: Integrations',
      'troubleshooting: Troubleshooting',
    ]);
    const quickstart = (await tree.pageByPath('quickstart'))!;
    expect(quickstart).toMatchObject({ emoji: '🚀', description: 'From nothing to a first project in five minutes.' });
    // The overview links forward to pages inserted after it: every page exists before any document is written.
    expect(await markdownOf(tree, 'overview')).toContain(`[Quickstart](/pages/${quickstart.id})`);
    expect(await markdownOf(tree, 'guides')).toContain(`{% content-ref url="/pages/${(await tree.pageByPath('guides/configuration'))!.id}" %}`);
  });

  it('fills placeholders with the content references given, and leaves the text of those left out', async () => {
    const tree = await apply({ id: 'product-docs', params: { contentRefs: { website: { kind: 'url', url: 'https://acme.test' } } } });
    expect(await markdownOf(tree, 'overview')).toContain('documentation of [our product](https://acme.test).');
    expect(await markdownOf(tree, 'troubleshooting')).toMatch(/^Contact support with what you tried/m);

    const other = await apply({ id: 'product-docs', params: { contentRefs: { support: { kind: 'page', page: 'p42', space: 'helpdesk' } } } });
    expect(await markdownOf(other, 'troubleshooting')).toContain('[Contact support](/spaces/helpdesk/pages/p42)');
    expect(await markdownOf(other, 'overview')).toContain('documentation of our product.');
  });

  it('puts a page of the space itself where a placeholder says, untouched by the template\'s own links', async () => {
    const tree = await apply({ id: 'changelog', params: { contentRefs: { product: { kind: 'page', page: 'overview' } } } });
    expect(await markdownOf(tree, 'changelog')).toContain('[the product](/pages/overview)');
  });

  it('adds its pages after the ones already there, taking the next free slug', async () => {
    const first = await apply({ id: 'changelog' });
    const twice = await apply({ id: 'changelog' }, first.hash);
    expect(await outline(twice)).toEqual([
      'changelog: Changelog',
      'changelog/2-0-0: 2.0.0',
      'changelog/1-1-0: 1.1.0',
      'versioning-policy: Versioning policy',
      'changelog-2: Changelog',
      'changelog-2/2-0-0: 2.0.0',
      'changelog-2/1-1-0: 1.1.0',
      'versioning-policy-2: Versioning policy',
    ]);
  });

  it.each<[string, TemplateRequest, string, RegExp]>([
    ['an unknown template, naming it and the ones there are', { id: 'blog' }, '', /^id: no template "blog"; the templates are product-docs, api-reference/],
    ['a placeholder the template lacks', { id: 'changelog', params: { contentRefs: { website: { kind: 'url', url: 'x' } } } }, '', /params\.contentRefs\.website: template changelog has no placeholder "website"; it has product/],
    ['a kind a page cannot link to', { id: 'changelog', params: { contentRefs: { product: { kind: 'openapi', spec: 'x' } } } }, '', /params\.contentRefs\.product\.kind: a page can link to url, file, page, anchor, space, not "openapi"/],
    ['a reference missing its target', { id: 'changelog', params: { contentRefs: { product: { kind: 'page' } } } }, '', /contentRefs\.product\.page: is required for a page/],
    ['an id links cannot carry', { id: 'changelog', params: { contentRefs: { product: { kind: 'space', space: 'a/b' } } } }, 'template.', /^template\.params\.contentRefs\.product\.space: must be a space id/],
    ['a field the kind lacks', { id: 'changelog', params: { contentRefs: { product: { kind: 'url', url: 'https://x.test', page: 'p' } } } }, '', /product\.page: a url reference has no page/],
    ['a reference that is not an object', { id: 'changelog', params: { contentRefs: { product: 'https://x.test' } } }, '', /product: must be a content reference object/],
  ])('refuses %s (400)', (_case, request, where, message) => {
    expect(() => templateChanges(request, where)).toThrow(Invalid);
    expect(() => templateChanges(request, where)).toThrow(message);
  });
});

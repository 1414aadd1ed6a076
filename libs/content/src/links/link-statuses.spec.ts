import { QueryBus } from '@nestjs/cqrs';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { LatestSpecContent, OpenAPISpecContents } from '../openapi/spec-contents';
import { pageLinks } from './link-docs';
import { groupLinks, linkList } from './link-list';
import { LinkContext, LinkStatuses } from './link-statuses';
import { targetOf } from './link-targets';

const NOW = '2026-03-01T09:00:00.000Z';

/** The specs of one organization, by slug; every question asked is recorded. */
class OrganizationSpecs extends OpenAPISpecContents {
  readonly asked: { organizationId: string; slugs: readonly string[] }[] = [];

  constructor(
    private readonly organizationId: string,
    private readonly slugs: string[],
  ) {
    super();
  }

  async resolvable(organizationId: string, slugs: readonly string[]): Promise<Set<string>> {
    this.asked.push({ organizationId, slugs });
    return new Set(organizationId === this.organizationId ? slugs.filter((slug) => this.slugs.includes(slug)) : []);
  }

  async latest(): Promise<LatestSpecContent | null> {
    throw new Error('links never read a spec’s document');
  }
}

describe('LinkStatuses of OpenAPI specs', () => {
  const objects = useTempObjectStore('folio-link-statuses-');
  const markdown = [
    'See [the guide](/pages/guide) and [nowhere](/pages/gone).',
    '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}',
    '{% openapi-schemas spec="petstore" schemas="Pet" %}\n{% endopenapi-schemas %}',
    '{% openapi-webhook spec="unknown" name="newPet" method="post" %}\n{% endopenapi-webhook %}',
  ].join('\n\n');

  async function read(specs: OrganizationSpecs) {
    const trees = new ContentTrees(objects.store);
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const document = markdownToDocument(markdown).document;
    await editor.insertPage({ id: 'guide', into: null, meta: { title: 'Guide' }, document, now: NOW });
    const snapshot = await trees.open(await editor.commit());
    const page = (await snapshot.page('guide')) as PageNode;
    const groups = groupLinks([{ page: 'guide', links: pageLinks('s1', page, document) }]);
    // Only this space's content and specs are asked about: the read store and the query bus are never reached.
    const statuses = new LinkStatuses({} as ReadStore, trees, {} as QueryBus, specs);
    const context: LinkContext = { space: 's1', organization: 'acme', snapshot };
    return { groups, statuses: await statuses.resolve(context, new Map(groups.map((group) => [group.target, targetOf(group.link.ref)]))) };
  }

  it('is ok for a slug of a processed spec of the space’s organization, broken otherwise, asking once for every slug', async () => {
    const specs = new OrganizationSpecs('acme', ['petstore']);
    const { groups, statuses } = await read(specs);
    expect(Object.fromEntries(statuses)).toEqual({ 'page:s1:guide': 'ok', 'page:s1:gone': 'broken', 'openapi:petstore': 'ok', 'openapi:unknown': 'broken' });
    expect(specs.asked).toEqual([{ organizationId: 'acme', slugs: ['petstore', 'unknown'] }]);

    const list = linkList(groups, statuses, { space: 's1', organization: 'acme', list: {}, binding: 'links:s1:main' });
    expect(list.stats).toEqual({ total: 5, broken: { total: 2, changeRequest: 0 } });
    // A spec's reference is answered as the page holds it, without an organization, resolved or not.
    expect(list.items.filter((item) => item.targetReference.kind === 'openapi').map(({ status, relation, targetReference }) => ({ status, relation, targetReference }))).toEqual([
      { status: 'ok', relation: 'openapi-operation', targetReference: { kind: 'openapi', spec: 'petstore' } },
      { status: 'ok', relation: 'openapi-schemas', targetReference: { kind: 'openapi', spec: 'petstore' } },
      { status: 'broken', relation: 'openapi-webhook', targetReference: { kind: 'openapi', spec: 'unknown' } },
    ]);
  });
});

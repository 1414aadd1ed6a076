import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { PageDocument, Table } from '@folio/kernel/document/document.model';
import { extractLinks } from './link-extraction';
import { linkTargets, pageLinks } from './link-docs';
import { PageNode } from '@folio/kernel/tree/tree.model';

const documentPage = { type: 'document' as const };
const md = (markdown: string) => markdownToDocument(markdown).document;

describe('extractLinks', () => {
  it('finds inline links, mentions, content-ref blocks, images and file blocks, each at its block', () => {
    const document = md(
      [
        'See [the guide](/pages/guide), [a site](https://example.com/a) and [](mention:user:u1).',
        '{% content-ref url="/spaces/other/pages/p9" %}\n[Other](/spaces/other/pages/p9)\n{% endcontent-ref %}',
        '<figure><img src="/files/logo" alt="Logo"></figure>',
        '{% file src="/files/report" %}\n{% endfile %}',
        'Back to [the top](#intro), over to [the space](/spaces/s2) ![icon](/files/icon)',
      ].join('\n\n'),
    );
    const keys = document.nodes.map((block) => block.key);
    expect(extractLinks(documentPage, document)).toEqual([
      { ref: { kind: 'page', page: 'guide' }, relation: 'link', block: keys[0] },
      { ref: { kind: 'url', url: 'https://example.com/a' }, relation: 'link', block: keys[0] },
      { ref: { kind: 'user', user: 'u1' }, relation: 'mention', block: keys[0] },
      { ref: { kind: 'page', page: 'p9', space: 'other' }, relation: 'content-ref', block: keys[1] },
      // The text written inside the content-ref is kept, its link with it.
      { ref: { kind: 'page', page: 'p9', space: 'other' }, relation: 'link', block: expect.any(String) },
      { ref: { kind: 'file', file: 'logo' }, relation: 'image', block: expect.any(String) },
      { ref: { kind: 'file', file: 'report' }, relation: 'file', block: keys[3] },
      { ref: { kind: 'anchor', anchor: 'intro' }, relation: 'link', block: keys[4] },
      { ref: { kind: 'space', space: 's2' }, relation: 'link', block: keys[4] },
      { ref: { kind: 'file', file: 'icon' }, relation: 'image', block: keys[4] },
    ]);
  });

  it('looks inside nested blocks and fragments: list items, hints, table cells', () => {
    const document = md(['- item with [a](/pages/a)', '{% hint style="info" %}\nHint [b](/pages/b)\n{% endhint %}', '| h |\n| - |\n| [c](/pages/c) |'].join('\n\n'));
    expect(extractLinks(documentPage, document).map((link) => link.ref)).toEqual([
      { kind: 'page', page: 'a' },
      { kind: 'page', page: 'b' },
      { kind: 'page', page: 'c' },
    ]);
    // The table cell's link is placed at the cell's paragraph, inside the table's fragment.
    const table = document.nodes[2] as Table;
    expect(extractLinks(documentPage, document)[2].block).toBe(table.fragments[0].nodes[0].key);
  });

  it('takes a link page\u2019s target, and references of any other block of the spec (an OpenAPI spec\u2019s included); skips kinds it cannot resolve', () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'embed-like', key: 'e1', data: { ref: { kind: 'url', url: 'https://x.dev' } }, isVoid: true },
        { object: 'block', type: 'openapi', key: 'o1', data: { ref: { kind: 'openapi', spec: 'petstore' } }, isVoid: true },
        { object: 'block', type: 'content-ref', key: 'c1', data: { ref: { kind: 'page', page: 42 } }, isVoid: true },
      ],
    } as unknown as PageDocument;
    expect(extractLinks({ type: 'link', target: { kind: 'page', page: 'p1' } }, document)).toEqual([
      { ref: { kind: 'page', page: 'p1' }, relation: 'link-page' },
      { ref: { kind: 'url', url: 'https://x.dev' }, relation: 'embed-like', block: 'e1' },
      { ref: { kind: 'openapi', spec: 'petstore' }, relation: 'openapi', block: 'o1' },
    ]);
  });

  it('takes the spec of OpenAPI blocks written in Markdown, by slug, and of the legacy block its file or URL', () => {
    const document = md(
      [
        '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}',
        '{% openapi-schemas spec="petstore" schemas="Pet,Owner" %}\n{% endopenapi-schemas %}',
        '{% openapi-webhook spec="events" name="newPet" method="post" %}\n{% endopenapi-webhook %}',
        '{% openapi src="https://example.com/openapi.yaml" path="/pets" method="get" %}\n[x](https://example.com/openapi.yaml)\n{% endopenapi %}',
      ].join('\n\n'),
    );
    const keys = document.nodes.map((block) => block.key);
    expect(extractLinks(documentPage, document).filter((link) => link.relation !== 'link')).toEqual([
      { ref: { kind: 'openapi', spec: 'petstore' }, relation: 'openapi-operation', block: keys[0] },
      { ref: { kind: 'openapi', spec: 'petstore' }, relation: 'openapi-schemas', block: keys[1] },
      { ref: { kind: 'openapi', spec: 'events' }, relation: 'openapi-webhook', block: keys[2] },
      { ref: { kind: 'url', url: 'https://example.com/openapi.yaml' }, relation: 'swagger', block: keys[3] },
    ]);
    // A spec is the organization's: its target names no space.
    expect(linkTargets(pageLinks('s1', { id: 'p1', type: 'document' } as PageNode, document))).toContain('openapi:petstore');
  });

  it('finds nothing in a page without a document', () => expect(extractLinks(documentPage, null)).toEqual([]));
});

describe('pageLinks', () => {
  const page = { id: 'p1', type: 'document' } as PageNode;

  it('groups a page\u2019s links by reference and relation, with every block they are in, and resolves them against the page', () => {
    const document = md('[x](/pages/p2) and [y](/pages/p2)\n\n[z](/pages/p2) [top](#top) ![](/files/f1)\n\n[](mention:user:u1)');
    const [k1, k2, k3] = document.nodes.map((block) => block.key!);
    const links = pageLinks('s1', page, document);
    expect(links).toEqual([
      { ref: { kind: 'page', page: 'p2', space: 's1' }, relation: 'link', blocks: [k1, k2] },
      { ref: { kind: 'anchor', anchor: 'top', page: 'p1', space: 's1' }, relation: 'link', blocks: [k2] },
      { ref: { kind: 'file', file: 'f1', space: 's1' }, relation: 'image', blocks: [k2] },
      { ref: { kind: 'user', user: 'u1' }, relation: 'mention', blocks: [k3] },
    ]);
    // An anchor of the page is a link to the page itself.
    expect(linkTargets(links)).toEqual(['page:s1:p2', 'page:s1:p1', 'file:s1:f1', 'user:u1']);
  });
});

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { FolioConfig } from '@folio/platform/config/config';
import { NotFound } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { expectInOrder, readPdf } from '@folio/platform/testing/pdf-text';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { storeFileBytes } from '../files/file-bytes';
import { LatestSpecContent, OpenAPISpecContents } from '../openapi/spec-contents';
import { pagesToPrint } from './pages-to-print';
import { png } from './pdf-test-images';
import { PdfPrinter } from './pdf-printer';
import { PdfRenderer } from './pdf-renderer';
import { MAX_PDF_BYTES } from './printed-pdf';

const NOW = '2026-03-01T09:00:00.000Z';
const APP = 'https://app.folio.test/s/space1/~/changes/3';

/** A 2.0 spec of the organization `acme`, as its latest processed version holds it. */
const STORE_SPEC = {
  swagger: '2.0',
  info: { title: 'Store', version: '2' },
  produces: ['application/json'],
  paths: {
    '/orders/{orderId}': {
      get: {
        summary: 'Find an order',
        parameters: [
          { name: 'orderId', in: 'path', required: true, type: 'integer', format: 'int64', description: 'The order to find' },
          { name: 'expand', in: 'query', type: 'boolean' },
        ],
        responses: { '200': { description: 'The order', schema: { $ref: '#/definitions/Order' } }, '404': { description: 'No such order' } },
      },
    },
  },
  definitions: { Order: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['placed', 'shipped'] } } } },
};

/** The specs the printer reads: `store` in `acme`, nothing else; how often each is read is counted. */
class AcmeSpecs extends OpenAPISpecContents {
  readonly reads: string[] = [];

  async resolvable(): Promise<Set<string>> {
    throw new Error('the PDF reads the specs’ documents');
  }

  async latest(organizationId: string, slug: string): Promise<LatestSpecContent | null> {
    this.reads.push(`${organizationId}/${slug}`);
    if (organizationId !== 'acme' || slug !== 'store') return null;
    return { specId: 'spec1', slug, versionId: 'v3', visibility: 'private', document: STORE_SPEC };
  }
}

describe('PdfPrinter and pagesToPrint', () => {
  const objects = useTempObjectStore('folio-pdf-');
  let tree: TreeSnapshot;
  let printer: PdfPrinter;
  let specs: AcmeSpecs;

  beforeEach(async () => {
    const trees = new ContentTrees(objects.store);
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const page = (id: string, title: string, markdown: string, into: string | null = null) =>
      editor.insertPage({ id, into, meta: { title }, document: markdownToDocument(markdown).document, now: NOW });
    await editor.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: png({ width: 30, height: 10, colorType: 2 }), now: NOW });
    await page('intro', 'Introduction', 'Go to [setup](/pages/setup), [the API](/pages/api), [elsewhere](/spaces/other2/pages/x), [nowhere](/pages/gone) or [a script](javascript:alert(1)).\n\n<figure><img src="/files/logo" alt="Logo"></figure>');
    await page('setup', 'Setup', 'Install it.', 'intro');
    await page('api', 'API', 'Call it.');
    await editor.insertPage({ id: 'out', into: null, type: 'link', meta: { title: 'Website' }, document: null, now: NOW });
    tree = await trees.open(await editor.commit());
    // Drawn in-process: the worker thread's part is the e2e's (pdf.e2e-spec.ts).
    specs = new AcmeSpecs();
    printer = new PdfPrinter(objects.store, { appUrl: 'https://app.folio.test' } as FolioConfig, new PdfRenderer(null), specs);
  });

  const print = async (selection: { page?: string; only: boolean }) => {
    const hash = await printer.print({ spaceId: 'space1', organizationId: 'acme', snapshot: tree, app: APP, title: 'Docs', createdAt: NOW }, await pagesToPrint(tree, selection));
    return (await objects.store.get(hash))!;
  };

  it('prints the pages in tree order (not link pages), stored under the hash of their bytes', async () => {
    const bytes = await print({ only: false });
    const { lines } = await readPdf(bytes);
    expectInOrder(lines, ['Introduction', 'Go to setup, the API, elsewhere, nowhere or a script.', 'Setup', 'Install it.', 'API', 'Call it.']);
    expect(lines.some((line) => line.includes('Website'))).toBe(false);
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('embeds an image stored as chunks (a file streamed in past a chunk), its bytes reassembled', async () => {
    const side = 1300;
    const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 3)])));
    const image = png({ width: side, height: side, colorType: 2, rows });
    const stored = await storeFileBytes(objects.store, Readable.from([image]), { maxBytes: MAX_PDF_BYTES, name: 'photo.png' });
    expect(stored.chunked).toBe(true);
    const editor = await new ContentTrees(objects.store).edit(tree.hash);
    await editor.addFile({ id: 'photo', name: 'photo.png', contentType: 'image/png', stored, now: NOW });
    await editor.insertPage({ id: 'album', into: null, meta: { title: 'Album' }, document: markdownToDocument('<figure><img src="/files/photo" alt="Photo"></figure>').document, now: NOW });
    tree = await new ContentTrees(objects.store).open(await editor.commit());
    const bytes = await print({ page: 'album', only: true });
    expect(bytes.toString('latin1')).toMatch(new RegExp(`/Subtype /Image[\\s\\S]*/Width ${side}|/Width ${side}[\\s\\S]*/Subtype /Image`));
  });

  it('links printed pages inside the PDF, other pages to the app, other spaces to theirs; broken and script links go nowhere', async () => {
    const raw = (await print({ page: 'intro', only: true })).toString('latin1');
    expect(raw).toContain(`/URI (${APP}/introduction/setup)`);
    expect(raw).toContain(`/URI (${APP}/api)`);
    expect(raw).toContain('/URI (https://app.folio.test/s/other2)');
    expect(raw).not.toMatch(/javascript|\/D \(page-/);
    const withSubpages = (await print({ page: 'intro', only: false })).toString('latin1');
    expect(withSubpages).toMatch(/\/S \/GoTo\s+\/D \(page-setup\)/);
  });

  it('prints an OpenAPI operation from its spec: method and path, summary, parameters, responses; a missing spec or operation in one line', async () => {
    const editor = await new ContentTrees(objects.store).edit(tree.hash);
    const operation = (spec: string, path: string) => `{% openapi-operation spec="${spec}" path="${path}" method="get" %}\n{% endopenapi-operation %}`;
    const markdown = [operation('store', '/orders/{orderId}'), '{% openapi-schemas spec="store" schemas="Order" %}\n{% endopenapi-schemas %}', operation('store', '/carts'), operation('gone', '/x')].join('\n\n');
    await editor.insertPage({ id: 'reference', into: null, meta: { title: 'Reference' }, document: markdownToDocument(markdown).document, now: NOW });
    // The same operation on another page is described once.
    await editor.insertPage({ id: 'again', into: null, meta: { title: 'Again' }, document: markdownToDocument(operation('store', '/orders/{orderId}')).document, now: NOW });
    tree = await new ContentTrees(objects.store).open(await editor.commit());
    const { lines } = await readPdf(await print({ only: false }));
    expectInOrder(lines, [
      'Reference',
      'GET /orders/{orderId}',
      'Find an order',
      'Parameters',
      'orderId (path) integer (int64), required — The order to find',
      'expand (query) boolean',
      'Responses',
      '200 — The order (Order · application/json)',
      '404 — No such order',
      'Order object',
      'id integer, required',
      'status string',
      'The operation GET /carts is not in the OpenAPI spec "store".',
      'The OpenAPI spec "gone" is not available',
      'Again',
      'GET /orders/{orderId}',
    ]);
    expect(specs.reads.sort()).toEqual(['acme/gone', 'acme/store']);
  }, 30_000);

  it('selects a page with its subpages, a page alone, and refuses an unknown page', async () => {
    expect((await pagesToPrint(tree, { only: false })).map((p) => p.id)).toEqual(['intro', 'setup', 'api', 'out']);
    expect((await pagesToPrint(tree, { page: 'intro', only: false })).map((p) => p.id)).toEqual(['intro', 'setup']);
    expect((await pagesToPrint(tree, { page: 'intro', only: true })).map((p) => p.id)).toEqual(['intro']);
    await expect(pagesToPrint(tree, { page: 'gone', only: false })).rejects.toThrow(NotFound);
  });
});

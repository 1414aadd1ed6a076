import { Caller } from '@folio/platform/auth/caller';
import { Forbidden, NotFound, TooLarge } from '@folio/platform/domain/errors';
import { decodeDocument } from '@folio/kernel/document/stored-document';
import { TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { normalizeMarkdown } from '@folio/kernel/markdown/normalize';
import { MAX_FOLDER_PAGES } from '@folio/content/gitsync/folder-contents';
import { FolderExport } from '@folio/content/gitsync/folder-export';
import { measureFolderFidelity } from '@folio/content/gitsync/folder-fidelity';
import { FolderImport } from '@folio/content/gitsync/folder-import';
import { DirectorySource } from '@folio/content/gitsync/directory-folder';
import { MemoryFolder } from '@folio/content/gitsync/memory-folder';
import { ContentReads } from '@folio/content/revisions/content-reads';
import { filesOf, GITBOOK_SPACE } from '../support/folders';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

const FIXTURE = GITBOOK_SPACE;
/** Imports of the fixture run worker threads on a loaded machine: generous, never a race. */
const SLOW = 90_000;

describe('a space as a Git Sync folder', () => {
  let server: TestServer;
  let cast: RoleCast;
  let importer: FolderImport;
  let exporter: FolderExport;
  const as = (user: { id: string }): Caller => ({ userId: user.id, source: 'api', correlationId: 'gitsync-e2e' });
  const newSpace = async (title: string) => (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title })).data.id;
  const main = async (spaceId: string) => (await server.app.get(ContentReads).open(as(cast.ann), spaceId, { kind: 'main' })).snapshot;
  /** A new space with the fixture imported and merged, and its export. */
  const exportedSpace = async (title: string) => {
    const spaceId = await newSpace(title);
    await importer.run(as(cast.ann), spaceId, new DirectorySource(FIXTURE), { merge: true });
    const folder = new MemoryFolder();
    await exporter.run(as(cast.ann), spaceId, folder);
    return { spaceId, folder };
  };

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
    importer = server.app.get(FolderImport);
    exporter = server.app.get(FolderExport);
  }, SLOW);
  afterAll(() => server.stop());

  it(
    'imports the fixture folder into a change request, merges it, and exports the same folder (Markdown after normalization, every other file byte for byte)',
    async () => {
      const spaceId = await newSpace('Fixture');
      const summary = await importer.run(as(cast.ed), spaceId, new DirectorySource(FIXTURE), { merge: true });
      expect(summary).toMatchObject({ pages: 20, files: 24, reusableContents: 3, pagesDeleted: 0, changeRequest: { number: 1 }, merged: { revision: expect.any(String) } });

      const out = new MemoryFolder();
      const exported = await exporter.run(as(cast.rita), spaceId, out);
      expect(exported).toMatchObject({ pages: 20, files: 24, reusableContents: 3 });
      const input = filesOf(FIXTURE);
      expect([...out.files.keys()].sort()).toEqual([...input.keys()].sort());
      for (const [path, bytes] of input) {
        if (path.endsWith('.md')) expect({ path, text: normalizeMarkdown(out.text(path)!) }).toEqual({ path, text: normalizeMarkdown(bytes.toString('utf8')) });
        else expect({ path, equal: out.files.get(path)!.equals(bytes) }).toEqual({ path, equal: true });
      }

      // Pages, files and includes carry the blob they came from, at the path they had.
      const tree = await main(spaceId);
      const readme = (await tree.pages()).find((page) => page.git?.path === 'README.md')!;
      expect(readme).toMatchObject({ title: 'Folio fixture space', git: { oid: expect.stringMatching(/^[0-9a-f]{40}$/) } });
      const files = await tree.files();
      expect(files.find((file) => file.name === 'screen shot.png')).toMatchObject({ contentType: 'image/png', dimensions: { width: 4, height: 4 }, git: { path: '.gitbook/assets/screen shot.png' } });
      expect(await tree.variables()).toEqual({ product: 'Folio', version: '2.1' });
      // `.gitbook.yaml`'s redirects as written, each with the page its file is (none for a file that is no page).
      const pageOf = async (path: string) => (await tree.pages()).find((page) => page.git?.path === path)!.id;
      expect(await tree.folderRedirects()).toEqual([
        { source: 'getting-started', target: 'guides/getting-started.md', page: await pageOf('guides/getting-started.md') },
        { source: 'old/config', target: './guides/configuration.md', page: await pageOf('guides/configuration.md') },
        { source: 'retired', target: 'nowhere.md' },
      ]);
      expect((await tree.reusableContents()).map(({ title, git }) => ({ title, path: git?.path }))).toContainEqual({ title: 'Support note', path: '.gitbook/includes/support-note.md' });
    },
    SLOW,
  );

  it(
    'exports a space and imports it into an empty one: the same page tree, documents, files, reusable contents and variables',
    async () => {
      const { spaceId: source, folder } = await exportedSpace('Source');
      const copy = await newSpace('Copy');
      await importer.run(as(cast.ann), copy, folder, { merge: true });
      expect(await comparable(await main(copy))).toEqual(await comparable(await main(source)));
    },
    SLOW,
  );

  it(
    'imports its own export again without a change (ids, documents and files kept), and takes what changed in a folder: pages absent are deleted, others keep their ids',
    async () => {
      const { spaceId, folder } = await exportedSpace('Again');
      const before = await main(spaceId);

      const again = await importer.run(as(cast.ann), spaceId, folder, {});
      const { snapshot: head } = await server.app.get(ContentReads).open(as(cast.ann), spaceId, { kind: 'change-request', changeRequest: again.changeRequest.id });
      expect(head.hash).toBe(before.hash);

      // guides/getting-started.md goes; the README changes; a page comes.
      const changed = new MemoryFolder([...folder.files].filter(([path]) => path !== 'guides/getting-started.md'));
      changed.files.set('SUMMARY.md', Buffer.from(folder.text('SUMMARY.md')!.replace('  * [Getting started](guides/getting-started.md)\n', '').replace('* [Folio fixture space](README.md)\n', '* [Folio fixture space](README.md)\n* [News](news.md)\n')));
      changed.files.set('README.md', Buffer.from(`${folder.text('README.md')}\nOne more paragraph.\n`));
      changed.files.set('news.md', Buffer.from('# News\n\nWhat changed.\n'));
      const summary = await importer.run(as(cast.ann), spaceId, changed, { merge: true });
      expect(summary).toMatchObject({ pages: 20, pagesDeleted: 1 });
      const after = await main(spaceId);
      const byPath = async (tree: TreeSnapshot) => new Map((await tree.pages()).map((page) => [page.git?.path ?? `#${page.slug}`, page]));
      const [old, now] = [await byPath(before), await byPath(after)];
      expect(now.has('guides/getting-started.md')).toBe(false);
      expect(now.get('README.md')!.id).toBe(old.get('README.md')!.id);
      expect(now.get('README.md')!.document).not.toBe(old.get('README.md')!.document);
      expect(now.get('guides/configuration.md')).toEqual({ ...old.get('guides/configuration.md'), children: expect.any(Array) });
      expect(now.get('news.md')).toMatchObject({ title: 'News', parent: null });
      expect((await after.pages()).map((page) => page.title).slice(0, 2)).toEqual(['Folio fixture space', 'News']);
    },
    SLOW,
  );

  it(
    'runs the fidelity measure on the fixture: every page and include written back equal after normalization, none refused, each a fixpoint',
    async () => {
      const spaceId = await newSpace('Fidelity');
      const fidelity = await measureFolderFidelity({ importer, exporter }, as(cast.ann), spaceId, new DirectorySource(FIXTURE));
      expect(fidelity).toMatchObject({ pages: 23, equal: 23, share: 1, refused: [], notFixpoint: [], changed: [] });
    },
    SLOW,
  );

  it(
    'refuses a reader and a stranger, and a folder past its limits before making a change request',
    async () => {
      const spaceId = await newSpace('Guarded');
      const folder = new DirectorySource(FIXTURE);
      await expect(importer.run(as(cast.rita), spaceId, folder, {})).rejects.toThrow(Forbidden);
      await expect(importer.run(as(cast.cat), spaceId, folder, {})).rejects.toThrow(NotFound);
      await expect(exporter.run(as(cast.cat), spaceId, new MemoryFolder())).rejects.toThrow(NotFound);
      const many = Array.from({ length: MAX_FOLDER_PAGES + 1 }, (_, i) => `* [P${i}](p${i}.md)`).join('\n');
      const head = await server.head();
      await expect(importer.run(as(cast.ann), spaceId, new MemoryFolder([['SUMMARY.md', `# Table of contents\n\n${many}\n`]]), {})).rejects.toThrow(TooLarge);
      expect(await server.head()).toBe(head);
    },
    SLOW,
  );
});

/**
 * A tree with its ids replaced by the paths they have in the folder: two spaces made from one folder compare
 * equal. A page's blob id is left out: it names the bytes the page was read from, and an export writes a page
 * in Folio's form of the dialect (which may differ from the original's bytes, not its content).
 */
async function comparable(tree: TreeSnapshot) {
  const pages = await tree.pages();
  // Files and reusable contents are listed by id, which differs: by path instead.
  const byPath = (a: { git?: { path: string } }, b: { git?: { path: string } }) => (a.git!.path < b.git!.path ? -1 : 1);
  const files = (await tree.files()).sort(byPath);
  const contents = (await tree.reusableContents()).sort(byPath);
  const names = new Map<string, string>([
    ...pages.map((page): [string, string] => [page.id, page.git?.path ?? `${page.type}:${page.slug}`]),
    ...files.map((file): [string, string] => [file.id, file.git!.path]),
    ...contents.map((content): [string, string] => [content.id, content.git!.path]),
  ]);
  const renamed = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && names.has(v) ? names.get(v) : v)));
  const strip = <T extends { createdAt?: string; updatedAt?: string }>({ createdAt: _c, updatedAt: _u, ...rest }: T) => rest;
  return {
    pages: await Promise.all(
      pages.map(async (page) => renamed({ ...strip(page), git: page.git && { path: page.git.path }, document: decodeDocument(await tree.documentBytes(page)) })),
    ),
    files: files.map((file) => renamed(strip(file))),
    reusableContents: await Promise.all(contents.map(async (content) => renamed({ ...strip(content), document: decodeDocument(await tree.documentBytes(content)) }))),
    variables: await tree.variables(),
  };
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeMarkdown } from '@folio/kernel/markdown/normalize';
import { filesOf, GITBOOK_SPACE } from '../support/folders';
import { expectMatchesSpec } from '../support/openapi';
import { cli, PROCESS_TEST_TIMEOUT_MS } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

const FIXTURE = GITBOOK_SPACE;

/** The folder's Markdown files, normalized. */
const markdownOf = (dir: string) =>
  new Map([...filesOf(dir)].filter(([path]) => path.endsWith('.md')).map(([path, bytes]) => [path, normalizeMarkdown(bytes.toString('utf8'))]));

describe('cli: a space as a Git Sync folder', () => {
  let server: TestServer;
  let cast: RoleCast;
  const out = mkdtempSync(join(tmpdir(), 'folio-export-'));
  const run = (...args: string[]) => cli(server.dataDir, args);

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it(
    'imports a folder into a merged change request and exports it back: one JSON line on stdout each, the folder written',
    async () => {
      const spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Docs' })).data.id;
      const imported = run('import', 'space', spaceId, FIXTURE, '--merge');
      expect(imported).toMatchObject({ status: 0 });
      const lines = imported.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      // keptVerbatim: the nine unfamiliar tags and HTML blocks blocks/unknown-tags.md holds on purpose.
      expect(JSON.parse(lines[0])).toMatchObject({ pages: 20, files: 24, reusableContents: 3, keptVerbatim: 9, changeRequest: { number: 1 }, merged: { revision: expect.any(String) } });

      // The server sees the merge: the space's main has the pages.
      const { data: pages } = await server.as(cast.ann.token).spaces.listPages(spaceId);
      expect(pages.pages.map((page) => page.title)).toEqual(['Folio fixture space', 'Guides', 'Blocks']);

      const exported = run('export', 'space', spaceId, out);
      expect(exported).toMatchObject({ status: 0 });
      expect(JSON.parse(exported.stdout)).toMatchObject({ pages: 20, files: 24, reusableContents: 3 });
      expect(markdownOf(out)).toEqual(markdownOf(FIXTURE));
      expect(readFileSync(join(out, '.gitbook/assets/screen shot.png')).equals(readFileSync(join(FIXTURE, '.gitbook/assets/screen shot.png')))).toBe(true);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  describe('names the Git commit a folder is checked out at on the revision it appends', () => {
    const folders: string[] = [];
    afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    /** A small folder of its own, in a temp directory (outside any repository). */
    const folder = () => {
      const dir = mkdtempSync(join(tmpdir(), 'folio-checkout-'));
      folders.push(dir);
      writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n');
      writeFileSync(join(dir, 'README.md'), '# Welcome\n\nHello.\n');
      return dir;
    };
    const git = (dir: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Folio Test', '-c', 'user.email=test@folio.invalid', '-c', 'commit.gpgsign=false', '-C', dir, ...args], { encoding: 'utf8' }).trim();
    /** The revision the import appended to its change request, read through the client and checked against its spec. */
    const importedRevision = async (dir: string) => {
      const spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Checked out' })).data.id;
      const imported = run('import', 'space', spaceId, dir);
      expect(imported).toMatchObject({ status: 0 });
      const { changeRequest } = JSON.parse(imported.stdout) as { changeRequest: { id: string } };
      const api = server.as(cast.ann.token);
      const { revision } = (await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data;
      const { data } = await api.spaces.getRevisionById(spaceId, revision);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
      return { data, stderr: imported.stderr };
    };

    it(
      'a committed working tree: HEAD, its message and its branch',
      async () => {
        const dir = folder();
        git(dir, 'init', '--quiet', '--initial-branch=docs');
        git(dir, 'add', '.');
        git(dir, 'commit', '--quiet', '-m', 'Welcome page\n\nWritten in Git.');
        const { data } = await importedRevision(dir);
        expect(data.git).toEqual({ oid: git(dir, 'rev-parse', 'HEAD'), message: 'Welcome page\n\nWritten in Git.', ref: 'refs/heads/docs', createdByGitBook: false });
      },
      PROCESS_TEST_TIMEOUT_MS,
    );

    it(
      'a plain directory, and a working tree with changes not committed (said on stderr): no commit',
      async () => {
        expect((await importedRevision(folder())).data).not.toHaveProperty('git');
        const dirty = folder();
        git(dirty, 'init', '--quiet');
        git(dirty, 'add', '.');
        git(dirty, 'commit', '--quiet', '-m', 'Welcome page');
        writeFileSync(join(dirty, 'README.md'), '# Welcome\n\nHello again.\n');
        const { data, stderr } = await importedRevision(dirty);
        expect(data).not.toHaveProperty('git');
        expect(stderr).toContain(`has changes not committed to ${git(dirty, 'rev-parse', 'HEAD')}: the import names no commit`);
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  });

  it(
    'refuses an unknown space and a folder it cannot read with one JSON error line and exit 1, and a missing argument with the usage and exit 2, appending nothing',
    async () => {
      const spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Other' })).data.id;
      const broken = mkdtempSync(join(tmpdir(), 'folio-broken-'));
      writeFileSync(join(broken, '.gitbook.yaml'), 'root: ../elsewhere\n');
      const head = await server.head();
      for (const [args, message] of [
        [['import', 'space', 'nosuchspace', FIXTURE], /space/],
        [['import', 'space', spaceId, broken], /leaves the folder/],
        [['export', 'space', 'nosuchspace', out], /space/],
      ] as const) {
        const result = run(...args);
        expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 1, stdout: '' });
        expect(JSON.parse(result.stderr.trim().split('\n').pop()!)).toEqual({ error: expect.stringMatching(message) });
      }
      const usage = run('import', 'space', spaceId);
      expect(usage).toMatchObject({ status: 2, stdout: '', stderr: expect.stringContaining('usage: folio import space <spaceId> <dir> [--merge]') });
      expect(await server.head()).toBe(head);
      rmSync(broken, { recursive: true, force: true });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

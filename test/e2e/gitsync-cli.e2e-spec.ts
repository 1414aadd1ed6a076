import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeMarkdown } from '@folio/kernel/markdown/normalize';
import { filesOf, GITBOOK_SPACE } from '../support/folders';
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
      expect(JSON.parse(lines[0])).toMatchObject({ pages: 20, files: 24, reusableContents: 3, keptVerbatim: 0, changeRequest: { number: 1 }, merged: { revision: expect.any(String) } });

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

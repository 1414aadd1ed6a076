import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/children';
import { cli, exitOf, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess } from '../support/processes';

/**
 * The API caches read-model documents (tokens included) in memory; the CLI writes the same read store
 * from another process. Whatever the CLI changed must be what the very next request sees.
 */
describe('read cache with the CLI writing beside a running API', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-readcache-'));
  });
  afterEach(() => {
    killStartedProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a token revoked by the CLI on the next request, though the API just served it from memory', async () => {
    const port = await freePort();
    const api = await startApiProcess(dataDir, port);
    const request = (token: string, path: string) =>
      fetch(`http://127.0.0.1:${port}/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

    const created = cli(dataDir, ['users', 'create', '--email', 'cached@acme.io', '--name', 'Cached']);
    expect(created.status).toBe(0);
    const user = JSON.parse(created.stdout) as { id: string; token: string };
    // Twice: the second answer comes from the cache the revocation must reach.
    for (let i = 0; i < 2; i++) expect((await request(user.token, '/user')).status).toBe(200);
    const admin = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    expect((await request(admin, '/user')).status).toBe(200);

    expect(cli(dataDir, ['tokens', 'revoke', '--token', user.token]).status).toBe(0);
    const refused = await request(user.token, '/user');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 401, message: 'Unknown or revoked API token' } });
    // Other cached documents are still answered, read afresh.
    expect((await request(admin, '/user')).status).toBe(200);

    api.kill('SIGTERM');
    expect(await exitOf(api)).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});

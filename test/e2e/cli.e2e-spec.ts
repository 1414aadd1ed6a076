import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenUsage } from '@folio/identity/users/token-usage/token-usage';
import { cli } from '../support/processes';
import { startServer, TestServer } from '../support/server';

/** Each test spawns the built CLI several times on a loaded machine: generous, never a race. */
const SLOW = 60_000;

const SUBCOMMANDS = [
  ['users', 'create'],
  ['users', 'list'],
  ['tokens', 'create'],
  ['tokens', 'list'],
  ['tokens', 'revoke'],
  ['projections', 'rebuild'],
  ['projections', 'status'],
  ['audit', 'stream'],
  ['audit', 'org'],
  ['audit', 'cr'],
];

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('cli', () => {
  let server: TestServer;
  const run = (...args: string[]) => cli(server.dataDir, args);

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  /** Exit 1, exactly one JSON error line on stderr, nothing on stdout, nothing appended. */
  async function expectFailure(args: string[], message: RegExp) {
    const before = await server.head();
    const { status, stdout, stderr } = run(...args);
    expect({ args, status, stdout }).toEqual({ args, status: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stderr)).toEqual({ error: expect.stringMatching(message) });
    expect(await server.head()).toBe(before);
  }

  /** Exit 2, the usage on stderr after what was wrong, nothing on stdout. */
  function expectUsageError(args: string[], usage: string) {
    const { status, stdout, stderr } = run(...args);
    expect({ args, status, stdout }).toEqual({ args, status: 2, stdout: '' });
    expect(stderr).toContain(`usage: folio ${usage}`);
  }

  it(
    'rebuilds the read models on the stores alone: neither Nest, nor HTTP, nor the distributed stores\' clients are loaded',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'folio-cli-modules-'));
      try {
        const list = join(dir, 'modules');
        const root = join(__dirname, '../..');
        const result = spawnSync(process.execPath, ['--require', join(root, 'test/support/loaded-modules.js'), join(root, 'dist/apps/cli/src/main.js'), 'projections', 'rebuild'], {
          env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', FOLIO_TEST_LOADED_MODULES: list },
          encoding: 'utf8',
          timeout: SLOW,
        });
        expect(result.status).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject({ events: expect.any(Number) });
        const loaded = readFileSync(list, 'utf8').split('\n');
        for (const heavy of ['@nestjs/core', 'fastify', 'mongodb', '@eventstore/db-client']) {
          expect({ heavy, loaded: loaded.some((file) => file.includes(`/node_modules/${heavy}/`)) }).toEqual({ heavy, loaded: false });
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  // Every command and subcommand's help and every refusal are unit-tested (apps/cli/src/command-line.spec.ts);
  // these check that the built CLI prints them where they belong, with the right exit code.
  it(
    'prints help to stdout with exit 0, without running the subcommand',
    async () => {
      const root = run('--help');
      expect(root).toMatchObject({ status: 0, stderr: '' });
      for (const [command, name] of SUBCOMMANDS) expect(root.stdout).toContain(`\n  ${command} ${name}`);
      expect(run('users', '-h')).toMatchObject({ status: 0, stderr: '', stdout: expect.stringMatching(/^usage: folio users <subcommand>/) });
      const head = await server.head();
      const rebuild = run('projections', 'rebuild', '--help');
      expect(rebuild).toEqual({ status: 0, stderr: '', stdout: expect.stringMatching(/^usage: folio projections rebuild\n {2}replay/) });
      expect(run('users', 'create', '-h').stdout).toMatch(/^usage: folio users create --email E \[--name N\]\n/);
      expect(await server.head()).toBe(head);
    },
    SLOW,
  );

  it(
    'answers unknown commands, subcommands and options, and bad values, with the usage on stderr and exit 2',
    async () => {
      const before = await server.head();
      expectUsageError(['nosuch'], '<command>');
      expectUsageError(['users', 'nosuch'], 'users <subcommand>');
      expectUsageError(['users', 'create', '--email', 'x@acme.io', '--bogus'], 'users create');
      expectUsageError(['users', 'list', '--limit', '0'], 'users list');
      expectUsageError(['tokens', 'revoke'], 'tokens revoke');
      expect(await server.head()).toBe(before);
    },
    SLOW,
  );

  it(
    'answers unknown organizations, streams, users and tokens with exit 1 and one JSON error line',
    async () => {
      await expectFailure(['audit', 'org', 'nosuchorganization00'], /organization not found/);
      await expectFailure(['audit', 'stream', 'organization-nosuchorganization00'], /stream .* not found/);
      await expectFailure(['tokens', 'create', '--user', 'nosuchuser0000000000'], /user not found/);
      await expectFailure(['tokens', 'list', '--user', 'nosuchuser0000000000'], /user not found/);
      await expectFailure(['tokens', 'revoke', '--token', 'folio_nosuch'], /token not found/);
      await expectFailure(['tokens', 'revoke', '--id', 'nosuchtoken000000000'], /token not found/);
      await expectFailure(['users', 'list', '--page', 'not-a-cursor'], /page/);
    },
    SLOW,
  );

  it(
    'lists users oldest first, every page by default or one page with --limit, without secrets',
    async () => {
      // Apart in time from the bootstrap admin and from each other, so the order is by creation alone.
      server.clock.advance(1000);
      const ann = await server.createUser('ann@acme.io', 'Ann');
      server.clock.advance(1000);
      const bob = await server.createUser('bob@acme.io', 'Bob');
      server.clock.advance(1000);
      const carl = await server.createUser('carl@acme.io', 'Carl');
      const { data: admin } = await server.as(server.adminToken).user.getAuthenticatedUser();

      const all = run('users', 'list');
      expect(all.status).toBe(0);
      expect(lines(all.stdout)).toEqual([
        { id: admin.id, email: admin.email, displayName: admin.displayName, createdAt: expect.any(String) },
        { id: ann.id, email: 'ann@acme.io', displayName: 'Ann', createdAt: '2026-03-01T09:00:01.000Z' },
        { id: bob.id, email: 'bob@acme.io', displayName: 'Bob', createdAt: '2026-03-01T09:00:02.000Z' },
        { id: carl.id, email: 'carl@acme.io', displayName: 'Carl', createdAt: '2026-03-01T09:00:03.000Z' },
      ]);
      for (const secret of [server.adminToken, ann.token, bob.token, carl.token]) expect(all.stdout).not.toContain(secret);

      const first = run('users', 'list', '--limit', '3');
      expect(lines(first.stdout)).toEqual(lines(all.stdout).slice(0, 3));
      const page = /^more follow: --page (\S+)$/m.exec(first.stderr)?.[1];
      expect(page).toBeDefined();
      const rest = run('users', 'list', '--limit', '3', '--page', page!);
      expect(lines(rest.stdout)).toEqual(lines(all.stdout).slice(3));
      expect(rest.stderr).not.toContain('more follow');
      // From a cursor without --limit: every page after it.
      expect(lines(run('users', 'list', '--page', page!).stdout)).toEqual(lines(all.stdout).slice(3));
    },
    SLOW,
  );

  it(
    "lists a user's tokens with label and last use, revoked ones too, never their secret or hash; revokes by id; survives a rebuild",
    async () => {
      const dora = await server.createUser('dora@acme.io', 'Dora');
      const createdAt = server.clock.nowIso();
      const issued = JSON.parse(run('tokens', 'create', '--user', dora.id, '--label', 'CI deploy').stdout);
      expect(issued).toEqual({ userId: dora.id, tokenId: expect.any(String), label: 'CI deploy', token: expect.stringMatching(/^folio_/) });
      await expectFailure(['tokens', 'create', '--user', dora.id, '--label', 'x'.repeat(101)], /label must be shorter than or equal to 100 characters/);
      await expectFailure(['tokens', 'create', '--user', dora.id, '--label', ' '], /label must not be empty or blank/);
      // Dora's first token is used through the API; the CLI, another process, reads its last use from the same table.
      await server.as(dora.token).user.getAuthenticatedUser();
      await server.app.get(TokenUsage).settled();
      const before = lines(run('tokens', 'list', '--user', dora.id).stdout);
      expect(before).toEqual([
        { tokenId: expect.any(String), label: null, createdAt, lastUsedAt: createdAt, active: true, revokedAt: null },
        { tokenId: issued.tokenId, label: 'CI deploy', createdAt: expect.any(String), lastUsedAt: null, active: true, revokedAt: null },
      ]);

      expect(run('tokens', 'revoke', '--id', issued.tokenId)).toMatchObject({ status: 0, stdout: '{"revoked":true}\n' });
      await expect(server.as(issued.token).user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 });
      expect((await server.as(dora.token).user.getAuthenticatedUser()).status).toBe(200);
      const head = await server.head();
      expect(run('tokens', 'revoke', '--id', issued.tokenId).status).toBe(0); // again: nothing to write
      expect(await server.head()).toBe(head);

      const listed = run('tokens', 'list', '--user', dora.id);
      expect(lines(listed.stdout)).toEqual([before[0], { ...before[1], active: false, revokedAt: expect.any(String) }]);
      for (const secret of [dora.token, issued.token]) {
        expect(listed.stdout).not.toContain(secret);
        expect(listed.stdout).not.toContain(createHash('sha256').update(secret).digest('hex'));
      }
      expect(run('tokens', 'list', '--user', dora.id, '--limit', '1').stdout).toBe(`${listed.stdout.split('\n')[0]}\n`);

      expect(run('projections', 'rebuild').status).toBe(0);
      expect(run('tokens', 'list', '--user', dora.id).stdout).toBe(listed.stdout);
      await expect(server.as(issued.token).user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 });
    },
    SLOW,
  );

  it(
    "prints a change request's history with actor and time, and the API lists it as audit events",
    async () => {
      const api = server.as(server.adminToken);
      const { data: org } = await api.orgs.createOrganization({ title: 'Reviewed' });
      const { data: space } = await api.orgs.createSpace(org.id, { title: 'Docs' });
      const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Intro' });
      server.clock.advance(1000);
      await api.spaces.updateChangeRequestById(space.id, cr.id, { subject: 'Welcome', status: 'open' });
      const history = lines(run('audit', 'cr', space.id, String(cr.number)).stdout);
      const admin = (await api.user.getAuthenticatedUser()).data.id;
      expect(history.map((e) => [e.type, e.actor, e.occurredAt])).toEqual([
        ['ChangeRequestCreated', admin, cr.createdAt],
        ['ChangeRequestDetailsChanged', admin, server.clock.nowIso()],
        ['ChangeRequestStatusChanged', admin, server.clock.nowIso()],
      ]);
      const { data } = await api.orgs.listOrganizationAuditEvents(org.id, { action: 'change_request.status_changed' } as never);
      expect(data.items).toHaveLength(1);
      await expectFailure(['audit', 'cr', space.id, '99'], /change request 99 of space .* not found/);
      await expectFailure(['audit', 'cr', space.id, 'one'], /number/);
    },
    SLOW,
  );

  it(
    "pages an organization's audit events like the users",
    async () => {
      const api = server.as(server.adminToken);
      const { data: org } = await api.orgs.createOrganization({ title: 'Audited' });
      await api.orgs.updateOrganizationById(org.id, { title: 'Audited 2' });
      const all = lines(run('audit', 'org', org.id).stdout);
      expect(all.map((e) => e.action)).toEqual(['organization.settings_changed', 'member.joined', 'organization.created']);
      const first = run('audit', 'org', org.id, '--limit', '2');
      expect(lines(first.stdout)).toEqual(all.slice(0, 2));
      const page = /^more follow: --page (\S+)$/m.exec(first.stderr)![1];
      expect(lines(run('audit', 'org', org.id, '--page', page).stdout)).toEqual(all.slice(2));
    },
    SLOW,
  );
});

import { GitBookAPI, MemberRole } from '@gitbook/api';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Projection } from '@folio/platform/projections/projection';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { PROJECTIONS } from '@folio/platform/projections/projection';
import { cli, exitOf, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess } from '../support/processes';
import { startServer } from '../support/server';
import { freePort } from '../../bench/children';

/** Every document of every read model, in a stable order. */
async function dump(server: { app: { get<T>(token: unknown): T } }) {
  const reads = server.app.get<ReadStore>(READ_STORE);
  const out: Record<string, unknown[]> = {};
  for (const projection of server.app.get<Projection[]>(PROJECTIONS)) {
    for (const { name } of projection.collections) out[name] = (await reads.find(name, { limit: 100_000 })).items;
  }
  return out;
}

// The tests that spawn the CLI or the API take seconds each on a loaded 2-core machine: they get an
// explicit timeout (Jest's default 5 s made them flaky).
describe('lifecycle', () => {
  let dataDir: string;
  /** Servers a test started and has not stopped: a failing test must not leave one running. */
  let running: { stop(): Promise<void> }[] = [];
  const start = async () => {
    const server = await startServer({ dataDir });
    const stop = server.stop;
    server.stop = async () => {
      running = running.filter((s) => s !== server);
      await stop();
    };
    running.push(server);
    return server;
  };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-life-'));
  });
  afterEach(async () => {
    killStartedProcesses();
    for (const server of running) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the bootstrap admin token once, readable by its owner only, and keeps everything across restarts', async () => {
    const first = await start();
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
    const secret = readFileSync(join(dataDir, 'secret'), 'utf8');
    const titles = ['Alpha Org', 'Beta Org', 'Gamma Org'];
    for (const title of titles) await first.as(first.adminToken).orgs.createOrganization({ title });
    const token = first.adminToken;
    await first.stop();

    const second = await start();
    expect(second.adminToken).toBe(token); // not bootstrapped again
    expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(secret); // visitor tokens stay valid
    const { data } = await second.as(token).orgs.listOrganizationsForAuthenticatedUser();
    expect(data.items.map((o) => o.title).sort()).toEqual(titles.sort());
    await second.stop();
  }, PROCESS_TEST_TIMEOUT_MS);

  it('rebuilds every read model to exactly what it was, while the server runs', async () => {
    const server = await start();
    const api = server.as(server.adminToken);
    const ann = await server.createUser('ann@acme.io');
    const bob = await server.createUser('bob@acme.io');
    const certificate = readFileSync(join(__dirname, '..', 'fixtures', 'saml-cert.pem'), 'utf8');
    const orgIds: string[] = [];
    const siteIds: [string, string][] = [];
    for (let i = 0; i < 5; i++) {
      const { data: org } = await api.orgs.createOrganization({ title: `Org ${i}`, emailDomains: ['acme.io'] });
      orgIds.push(org.id);
      await api.orgs.updateOrganizationById(org.id, { title: `Org ${i} renamed`, hostname: `org-${i}-host` });
      if (i % 2 === 0) continue;
      // Every kind of identity change, so that every identity read model has something to rebuild.
      await server.as(ann.token).orgs.joinOrganization(org.id);
      await server.as(bob.token).orgs.joinOrganization(org.id);
      await server.as(ann.token).orgs.updateOrganizationMemberLastSeenAt(org.id);
      await api.orgs.updateMemberInOrganizationById(org.id, ann.id, { role: MemberRole.Edit });
      const { data: team } = await api.orgs.createOrganizationTeam(org.id, { title: `Team ${i}` });
      await api.orgs.updateMembersInOrganizationTeam(org.id, team.id, { add: [ann.id, 'bob@acme.io'], memberships: { [ann.id]: { role: 'owner' as never } } });
      await api.orgs.createOrganizationSamlProvider(org.id, { label: `IdP ${i}`, entityID: 'urn:idp', ssoURL: 'https://idp.acme.io/sso', certificate, defaultTeam: team.id });
      await api.orgs.createOrganizationInvite(org.id, { role: MemberRole.Comment });
      await api.orgs.removeMemberFromOrganizationById(org.id, bob.id);
      // Content: a collection with spaces, a grant, a move, a deletion.
      const { data: collection } = await api.orgs.createCollection(org.id, { title: `Docs ${i}` });
      const { data: kept } = await api.orgs.createSpace(org.id, { title: `Kept ${i}`, parent: collection.id });
      const { data: binned } = await api.orgs.createSpace(org.id, { title: `Binned ${i}` });
      await api.spaces.inviteToSpace(kept.id, { role: MemberRole.Edit, teams: [team.id] });
      await api.spaces.moveSpace(kept.id, { parent: null } as never);
      await api.spaces.deleteSpaceById(binned.id);
      // Change requests: content written, reviewed, requested, merged; another left open.
      const { data: merged } = await api.spaces.createChangeRequest(kept.id, { subject: `Pages ${i}` });
      await api.spaces.updateChangeRequestContent(kept.id, merged.id, {
        changes: [
          { operation: 'insert_page', ref: 'p', title: `Guide ${i}`, document: { markdown: '# Guide\n\nText.' } },
          { operation: 'insert_page', into: 'p', title: 'Install', document: { markdown: '```sh\nnpm ci\n```' } },
          { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }] },
        ],
      } as never);
      await api.spaces.requestReviewersForChangeRequest(kept.id, merged.id, { users: [ann.id] });
      await api.spaces.submitChangeRequestReview(kept.id, merged.id, { status: 'approved' } as never);
      await api.spaces.mergeChangeRequest(kept.id, merged.id);
      const { data: open } = await api.spaces.createChangeRequest(kept.id, { subject: `Open ${i}` });
      await api.spaces.updateChangeRequestById(kept.id, open.id, { status: 'open' } as never);
      // Comments: on the space and on the open request, with a reply, a reaction, one resolved, one deleted.
      const { data: comment } = await api.spaces.postCommentInSpace(kept.id, { body: { markdown: `Looks good ${i}` } } as never);
      await api.spaces.postCommentReplyInSpace(kept.id, comment.id, { body: { markdown: 'Thanks' } } as never);
      await api.spaces.updateCommentInSpace(kept.id, comment.id, { addedReactions: ['👍'], resolved: true });
      const { data: onRequest } = await api.spaces.postCommentInChangeRequest(kept.id, open.id, { body: { markdown: 'Why?' } } as never);
      await api.spaces.postCommentInChangeRequest(kept.id, open.id, { body: { markdown: 'Never mind' } } as never);
      await api.spaces.deleteCommentInChangeRequest(kept.id, open.id, onRequest.id);
      // Sites: sections, a group, a condition on a schema, a share link, customization, publication; a space of
      // the site deleted and restored, and one deleted for good.
      const { data: shown } = await api.orgs.createSpace(org.id, { title: `Shown ${i}` });
      const { data: site } = await api.orgs.createSite(org.id, { title: `Site ${i}`, spaces: [kept.id, shown.id] } as never);
      await api.orgs.updateSiteAdaptiveSchema(org.id, site.id, { jsonSchema: { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false } } as never);
      const { data: section } = await api.orgs.addSectionToSite(org.id, site.id, { spaceId: kept.id, title: 'Reference' } as never);
      await api.orgs.updateSiteSectionById(org.id, site.id, section.id, { condition: 'visitor.claims.beta' } as never);
      await api.orgs.addSectionGroupToSite(org.id, site.id, { title: 'Docs', sections: [section.id] } as never);
      await api.orgs.createSiteShareLink(org.id, site.id, { name: 'Partners' });
      await api.orgs.createSiteRedirect(org.id, site.id, { source: '/old/*', captureWildcard: true, destination: { kind: 'site-section', siteSectionId: section.id } });
      await api.orgs.updateSiteCustomizationById(org.id, site.id, { title: `Custom ${i}` } as never);
      await api.orgs.publishSite(org.id, site.id);
      await api.spaces.deleteSpaceById(shown.id);
      await api.spaces.restoreSpace(shown.id);
      const { data: gone } = await api.orgs.createSite(org.id, { title: `Gone ${i}` } as never);
      await api.orgs.deleteSiteById(org.id, gone.id);
      siteIds.push([org.id, site.id]);
    }
    const before = await dump(server);
    for (const collection of ['members', 'teams', 'teamMembers', 'samlProviders', 'organizationInvites', 'auditEvents', 'spaces', 'collections', 'contentGrants', 'revisions', 'changeRequests', 'changeRequestReviews', 'changeRequestReviewers', 'changeRequestContributors', 'searchPages', 'searchSpaces', 'comments', 'commentReplies', 'commenters', 'sites', 'siteSpaces', 'siteSections', 'siteSectionGroups', 'siteAdaptiveSchemas', 'siteShareLinks', 'siteCustomizations', 'siteRedirects']) {
      expect(before[collection]?.length).toBeGreaterThan(0);
    }
    // The text index is rebuilt with its collection: search answers the same.
    const search = async () => (await Promise.all(orgIds.map((id) => api.orgs.searchOrganizationContent(id, { query: 'guide inst' })))).map((r) => r.data);
    const searchedBefore = await search();
    expect(searchedBefore.flatMap((r) => r.items).length).toBeGreaterThan(0);
    // Every site's published answer, as a visitor with the beta claim sees it, is the same after the rebuild.
    const published = async () =>
      Promise.all(siteIds.map(async ([organizationId, siteId]) => (await api.orgs.getPublishedContentSite(organizationId, siteId)).data));
    const publishedBefore = await published();
    const rebuilt = cli(dataDir, ['projections', 'rebuild']);
    expect(rebuilt.status).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ events: Number(await server.head()) });
    expect(rebuilt.stderr).toMatch(/events\/s/);
    expect(await dump(server)).toEqual(before);
    expect(await search()).toEqual(searchedBefore);
    expect(await published()).toEqual(publishedBefore);
    // The server goes on projecting into the swapped-in collections.
    const { data: late } = await api.orgs.createOrganization({ title: 'After Rebuild' });
    expect((await api.orgs.getOrganizationById(late.id)).data.title).toBe('After Rebuild');
    await server.stop();
  }, PROCESS_TEST_TIMEOUT_MS);

  it('creates users and tokens from the CLI that a running server accepts at once, and audits streams', async () => {
    const server = await start();
    const created = cli(dataDir, ['users', 'create', '--email', 'cli@acme.io', '--name', 'Cli User']);
    expect(created.status).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(user).toEqual({ id: expect.any(String), email: 'cli@acme.io', token: expect.stringMatching(/^folio_[0-9A-Za-z]{43}$/) });
    expect(created.stdout.trim().split('\n')).toHaveLength(1);
    expect((await server.as(user.token).user.getAuthenticatedUser()).data.displayName).toBe('Cli User');

    expect(cli(dataDir, ['users', 'create', '--email', 'CLI@acme.io']).status).toBe(1); // email taken

    const issued = JSON.parse(cli(dataDir, ['tokens', 'create', '--user', user.id]).stdout);
    expect((await server.as(issued.token).user.getAuthenticatedUser()).data.id).toBe(user.id);
    expect(cli(dataDir, ['tokens', 'revoke', '--token', user.token]).status).toBe(0);
    await expect(server.as(user.token).user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 });
    expect((await server.as(issued.token).user.getAuthenticatedUser()).status).toBe(200);

    const audit = cli(dataDir, ['audit', 'stream', `user-${user.id}`]);
    const lines = audit.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(['UserCreated', 'ApiTokenIssued', 'ApiTokenIssued', 'ApiTokenRevoked']);
    expect(lines[0]).toMatchObject({ actor: 'system', source: 'script', data: { email: 'cli@acme.io' } });
    expect(JSON.stringify(lines)).not.toContain(user.token);

    const { data: org } = await server.as(issued.token).orgs.createOrganization({ title: 'Audited Org' });
    await server.as(issued.token).orgs.updateOrganizationById(org.id, { title: 'Audited Org 2' });
    const orgAudit = cli(dataDir, ['audit', 'org', org.id]).stdout.trim().split('\n').map((l) => JSON.parse(l));
    const { data: fromApi } = await server.as(issued.token).orgs.listOrganizationAuditEvents(org.id);
    // The CLI runs without the test server's PUBLIC_URL, so only the urls may differ.
    const withoutUrls = (events: { urls?: unknown }[]) => events.map(({ urls: _urls, ...rest }) => rest);
    expect(withoutUrls(orgAudit)).toEqual(withoutUrls(fromApi.items));
    expect(orgAudit.map((e) => e.action)).toEqual(['organization.settings_changed', 'member.joined', 'organization.created']);

    const status = JSON.parse(cli(dataDir, ['projections', 'status']).stdout);
    expect(status['identity-users']).toEqual({ position: await server.head(), lag: '0' });
    await server.stop();
  }, PROCESS_TEST_TIMEOUT_MS);

  it('finishes in-flight requests on SIGTERM and loses none of them', async () => {
    const port = await freePort();
    const child = await startApiProcess(dataDir, port);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const api = new GitBookAPI({ endpoint: `http://127.0.0.1:${port}`, authToken: token });
    const requests = Array.from({ length: 20 }, (_, i) => api.orgs.createOrganization({ title: `Org ${i}` }).then((r) => r.data.id));
    // SIGTERM once the server is surely busy with them: right after the first answer.
    await Promise.race(requests.map((r) => r.catch(() => undefined)));
    child.kill('SIGTERM');
    const settled = await Promise.allSettled(requests);
    expect(await exitOf(child)).toBe(0);
    const created = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(created.length).toBeGreaterThan(0);

    const again = await startApiProcess(dataDir, port);
    const { data } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(data.items.map((o) => o.id).sort()).toEqual(expect.arrayContaining(created.sort()));
    // Nothing half-written: every organization in the log has its read model and its admin.
    expect(data.items).toHaveLength(data.items.filter((o) => o.permissions.admin).length);
    again.kill('SIGTERM');
    expect(await exitOf(again)).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});

/**
 * Change requests made for an insights issues cluster (`conversationsIssuesCluster`, the seed's field and
 * list filter; the client's spec has neither, so the filter goes as an extra query key). A request is
 * recorded for a cluster through its decider (as insights would have confirmed it), and the lists, the
 * resource and content's answer to insights are checked on it; the `with insights` block makes a real
 * cluster (ingestion, extraction and clustering) and asks insights' GetIssuesCluster.
 */
import { GitBookAPI } from '@gitbook/api';
import { QueryBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { newId } from '@folio/platform/ids';
import { changeRequestDecider } from '@folio/content/change-requests/change-request.decider';
import { changeRequestStream } from '@folio/content/change-requests/change-request.events';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { GetClusterChangeRequests } from '@folio/content/public/cluster-change-requests.query';
import { spaceDecider } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { expectMatchesSpec } from '../support/openapi';
import { processesSettled, waitUntil } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const LIST = '/spaces/{spaceId}/change-requests';
const ONE = `${LIST}/{changeRequestId}`;
const ORG_LIST = '/orgs/{organizationId}/change-requests';

type SpaceListQuery = Parameters<GitBookAPI['spaces']['listChangeRequestsForSpace']>[1];
type OrgListQuery = Parameters<GitBookAPI['orgs']['listChangeRequestsForOrganization']>[1];
/** The seed's filter, which the client's query types lack: the client sends every key it is given. */
const byCluster = <Q>(cluster: string, query: Record<string, unknown> = {}) => ({ ...query, conversationsIssuesCluster: cluster }) as Q;

describe('change requests for an issues cluster', () => {
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Docs' })).data.id;
  });

  const spaces = (token: string) => server.as(token).spaces;
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  /**
   * A request made for `cluster` as the create route records it once insights confirmed the cluster
   * (the route itself needs insights: see the block after the merge). `open` opens it through the API.
   */
  async function madeFor(cluster: string, subject: string, open = true, inSpace = spaceId) {
    const aggregates = server.app.get(Aggregates);
    const { state } = await aggregates.load(spaceStream(inSpace), spaceDecider);
    const number = (await server.app.get(ChangeRequestReads).highestNumber(inSpace)) + 1;
    const changeRequestId = newId();
    await aggregates.handle(
      changeRequestStream(inSpace, number),
      changeRequestDecider,
      { type: 'CreateChangeRequest', changeRequestId, number, space: state, subject, createdBy: cast.ed.id, conversationsIssuesCluster: cluster },
      { userId: cast.ed.id, source: 'api', correlationId: 'test' },
    );
    if (open) await spaces(cast.ed.token).updateChangeRequestById(inSpace, changeRequestId, { status: 'open' });
    server.clock.advance(1_000);
    return changeRequestId;
  }

  describe('creating', () => {
    it('creates a request without a cluster without asking insights, and answers none', async () => {
      const { data, status } = await spaces(cast.ed.token).createChangeRequest(spaceId, { subject: 'Intro' });
      expect(status).toBe(201);
      expectMatchesSpec('POST', LIST, 201, data);
      expect(data).not.toHaveProperty('conversationsIssuesCluster');
    });

    it.each([
      ['a number', 42],
      ['null', null],
      ['an empty id', ''],
      ['an id over 64 characters', 'k'.repeat(65)],
      ['a list', ['k1']],
    ])('refuses %s as the cluster (400 naming the field, nothing written)', async (_name, cluster) => {
      const message = await server.expectRefused(cast.ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix', conversationsIssuesCluster: cluster });
      expect(message).toMatch(/conversationsIssuesCluster/);
    });

    it('refuses a reader (403) and a stranger (404) before any cluster is looked at, writing nothing', async () => {
      const body = { subject: 'Fix', conversationsIssuesCluster: 'k1' };
      await server.expectRefused(cast.rita.token, 'POST', `/v1/spaces/${spaceId}/change-requests`, body, 403);
      await server.expectRefused(cast.cat.token, 'POST', `/v1/spaces/${spaceId}/change-requests`, body, 404);
    });
  });

  describe('the resource and the lists', () => {
    it('answers the cluster on the resource, as the spec allows', async () => {
      const id = await madeFor('k1', 'Fix sign-in');
      const { data } = await spaces(cast.rita.token).getChangeRequestById(spaceId, id);
      expectMatchesSpec('GET', ONE, 200, data);
      expect(data).toMatchObject({ id, subject: 'Fix sign-in', status: 'open', conversationsIssuesCluster: 'k1' });
    });

    it("filters the space's list by cluster, with its status filter and through its pages", async () => {
      const first = await madeFor('k1', 'First');
      const draft = await madeFor('k1', 'Draft', false);
      await madeFor('k2', 'Other cluster');
      await spaces(cast.ed.token).createChangeRequest(spaceId, { subject: 'No cluster' });
      const second = await madeFor('k1', 'Second');

      const list = (query: Record<string, unknown>) => spaces(cast.rita.token).listChangeRequestsForSpace(spaceId, byCluster<SpaceListQuery>('k1', query));
      const open = (await list({})).data;
      expectMatchesSpec('GET', LIST, 200, open);
      expect(ids(open.items)).toEqual([second, first]);
      expect(ids((await list({ status: 'draft' })).data.items)).toEqual([draft]);

      const page1 = (await list({ limit: 1, orderBy: 'createdAt' })).data;
      expect(ids(page1.items)).toEqual([second]);
      const page2 = (await list({ limit: 1, orderBy: 'createdAt', page: page1.next!.page })).data;
      expect(ids(page2.items)).toEqual([first]);
      expect(page2.next).toBeUndefined();
    });

    // The organization is shared by the tests: its own cluster ids keep other tests' requests out.
    it("filters the organization's list by cluster across its spaces", async () => {
      const other = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Guides' })).data.id;
      const here = await madeFor('k-org', 'Here');
      const there = await madeFor('k-org', 'There', true, other);
      const draft = await madeFor('k-org', 'Draft', false, other);
      await madeFor('k-org-other', 'Elsewhere');

      const list = (query: Record<string, unknown>) =>
        server.as(cast.rita.token).orgs.listChangeRequestsForOrganization(cast.orgId, byCluster<OrgListQuery>('k-org', query));
      const open = (await list({})).data;
      expectMatchesSpec('GET', ORG_LIST, 200, open);
      expect(ids(open.items)).toEqual([there, here]);
      expect(ids((await list({ status: ['open', 'draft'] })).data.items)).toEqual([draft, there, here]);
      expect(ids((await list({ space: spaceId })).data.items)).toEqual([here]);
    });

    it.each([
      ['an empty cluster', ''],
      ['a cluster id over 64 characters', 'k'.repeat(65)],
    ])('refuses %s as the filter of both lists (400)', async (_name, cluster) => {
      for (const path of [`/v1/spaces/${spaceId}/change-requests`, `/v1/orgs/${cast.orgId}/change-requests`]) {
        const response = await server.fetch(`${path}?conversationsIssuesCluster=${cluster}`, { token: cast.rita.token });
        expect(response).toMatchObject({ status: 400, body: { error: { code: 400, message: expect.stringMatching(/conversationsIssuesCluster/) } } });
      }
    });

    it("keeps a stranger out of a cluster's requests (404)", async () => {
      await madeFor('k1', 'Fix');
      await expectStatus(spaces(cast.cat.token).listChangeRequestsForSpace(spaceId, byCluster<SpaceListQuery>('k1')), 404);
      await expectStatus(server.as(cast.cat.token).orgs.listChangeRequestsForOrganization(cast.orgId, byCluster<OrgListQuery>('k1')), 404);
    });
  });

  describe("content's answer to insights (GetClusterChangeRequests)", () => {
    const ask = (organizationId: string, cluster: string, limit?: number) =>
      server.app.get(QueryBus).execute(new GetClusterChangeRequests(organizationId, cluster, limit));

    it("answers the organization's open requests of the cluster, newest first, at most `limit`, each with its location", async () => {
      const older = await madeFor('c-answer', 'Older');
      await madeFor('c-answer', 'A draft', false);
      await madeFor('c-other', 'Another cluster');
      const newer = await madeFor('c-answer', 'Newer');

      const answer = await ask(cast.orgId, 'c-answer');
      expect(answer.map((cr) => cr.id)).toEqual([newer, older]);
      expect(answer[0]).toEqual({
        id: newer,
        spaceId,
        number: expect.any(Number),
        subject: 'Newer',
        location: `${server.url}/v1/spaces/${spaceId}/change-requests/${newer}`,
      });
      const located = await server.fetch(new URL(answer[0].location).pathname, { token: cast.rita.token });
      expect(located).toMatchObject({ status: 200, body: { id: newer, conversationsIssuesCluster: 'c-answer' } });

      expect((await ask(cast.orgId, 'c-answer', 1)).map((cr) => cr.id)).toEqual([newer]);
      expect(await ask(cast.orgId, 'c-unknown')).toEqual([]);
    });

    it("answers nothing of another organization's, and leaves out requests of spaces in the bin", async () => {
      const kept = await madeFor('c-bin', 'Kept');
      const binned = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Old' })).data.id;
      for (let i = 0; i < 3; i++) await madeFor('c-bin', `In the bin ${i}`, true, binned);
      await spaces(cast.ann.token).deleteSpaceById(binned);

      // The three newest are in the bin: the answer reads past them to fill its limit.
      expect((await ask(cast.orgId, 'c-bin', 1)).map((cr) => cr.id)).toEqual([kept]);
      const elsewhere = (await server.as(cast.ann.token).orgs.createOrganization({ title: 'Elsewhere', emailDomains: [] })).data.id;
      expect(await ask(elsewhere, 'c-bin')).toEqual([]);
    });
  });

  describe('with insights (a real cluster)', () => {
    type Cluster = { id: string; changeRequests?: unknown };
    const conversation = (id: string, body: string) => ({
      id,
      subject: 'Sign-in trouble',
      metadata: { url: 'https://support.acme.io/t/' + id, attributes: { source: 'helpdesk' }, createdAt: server.clock.nowIso() },
      parts: [{ type: 'message', role: 'user', body }],
    });
    const post = (path: string, token: string, body: unknown) =>
      server.fetch(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const clusters = async (organizationId: string) =>
      ((await server.fetch(`/v1/orgs/${organizationId}/conversations-clusters`, { token: cast.ann.token })).body as { items: Cluster[] }).items;

    /** The organization's first cluster, once conversations about signing in have been extracted and grouped. */
    async function realCluster(organizationId: string): Promise<Cluster> {
      const sent = await post(`/v1/orgs/${organizationId}/conversations`, cast.ann.token, [
        conversation(`${organizationId}-1`, 'I cannot sign in with SSO: the login page shows an error after I enter my password.'),
        conversation(`${organizationId}-2`, 'Sign in fails with an error on the login page when I use SSO.'),
        conversation(`${organizationId}-3`, 'How do I sign in with SSO? The login keeps failing with an error.'),
      ]);
      expect(sent.status).toBe(204);
      await waitUntil(async () => (await clusters(organizationId)).length > 0, 'a cluster of the ingested conversations');
      // The other conversations' issues may still be on their way: a refusal counted against the log's head comes after them.
      await processesSettled(server);
      return (await clusters(organizationId))[0];
    }

    it('creates a request for a real cluster, filters by it, and the cluster links to it once open', async () => {
      const cluster = await realCluster(cast.orgId);
      const { data, status } = await spaces(cast.ed.token).createChangeRequest(spaceId, { subject: 'Explain SSO sign-in', conversationsIssuesCluster: cluster.id });
      expect(status).toBe(201);
      expectMatchesSpec('POST', LIST, 201, data);
      expect(data).toMatchObject({ conversationsIssuesCluster: cluster.id });
      await spaces(cast.ed.token).updateChangeRequestById(spaceId, data.id, { status: 'open' });

      const listed = (await spaces(cast.rita.token).listChangeRequestsForSpace(spaceId, byCluster<SpaceListQuery>(cluster.id))).data;
      expect(ids(listed.items)).toEqual([data.id]);
      const linked = (await clusters(cast.orgId)).find((c) => c.id === cluster.id);
      expect(JSON.stringify(linked?.changeRequests)).toContain(data.id);
    });

    it('refuses a cluster insights does not know, and one of another organization (400 naming the field, nothing written)', async () => {
      const unknown = await server.expectRefused(cast.ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix', conversationsIssuesCluster: 'no-such-cluster' });
      expect(unknown).toMatch(/conversationsIssuesCluster/);

      const elsewhere = (await server.as(cast.ann.token).orgs.createOrganization({ title: 'Elsewhere', emailDomains: [] })).data.id;
      const theirs = await realCluster(elsewhere);
      const foreign = await server.expectRefused(cast.ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix', conversationsIssuesCluster: theirs.id });
      expect(foreign).toMatch(/conversationsIssuesCluster/);
    });
  });
});

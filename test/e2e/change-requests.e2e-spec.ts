import { ChangeRequestStatus, MemberRole } from '@gitbook/api';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { changeRequestDecider } from '@folio/content/change-requests/change-request.decider';
import { changeRequestStream } from '@folio/content/change-requests/change-request.events';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

const LIST = '/spaces/{spaceId}/change-requests';
const ONE = '/spaces/{spaceId}/change-requests/{changeRequestId}';
const REVIEWS = `${ONE}/reviews`;
const REVIEWERS = `${ONE}/requested-reviewers`;

const paragraph = (text: string) => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

describe('change requests', () => {
  let server: TestServer;
  let ann: User; // admin
  let eve: User; // editor
  let rob: User; // reviewer
  let bob: User; // reader
  let cat: User; // not a member
  let orgId: string;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    eve = await server.createUser('eve@acme.io', 'Eve Editor');
    rob = await server.createUser('rob@acme.io', 'Rob Reviewer');
    bob = await server.createUser('bob@acme.io', 'Bob Reader');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    for (const [user, role] of [[eve, MemberRole.Edit], [rob, MemberRole.Review], [bob, MemberRole.Read]] as const) {
      await server.as(user.token).orgs.joinOrganization(orgId);
      if (role !== MemberRole.Read) await server.as(ann.token).orgs.updateMemberInOrganizationById(orgId, user.id, { role });
    }
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
  }, 60_000);

  const spaces = (user: User) => server.as(user.token).spaces;
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) =>
    server.expectRefused(user.token, method, `/v1${path}`, body, status);
  const create = async (user: User = eve, subject = 'Intro') => (await spaces(user).createChangeRequest(spaceId, { subject })).data;
  /** A content edit as the content route records it (that route is another slice's): a new head revision. */
  const edit = async (user: User, number: number, basedOn: string, revision: string) =>
    server.app.get(Aggregates).handle(
      changeRequestStream(spaceId, number),
      changeRequestDecider,
      {
        type: 'EditContent',
        revision: { id: revision, type: 'edits', parents: [basedOn], tree: `tree-${revision}`, createdBy: user.id, createdAt: server.clock.nowIso() },
        basedOn,
        touched: { pagesCreated: ['p1'], pagesUpdated: [], pagesDeleted: [], files: [] },
      },
      { userId: user.id, source: 'api', correlationId: 'test' },
    );

  describe('creating', () => {
    it('creates a draft numbered 1 at the space revision, with Location and the spec fields', async () => {
      const space = (await spaces(ann).getSpaceById(spaceId)).data;
      const { data, status, headers } = await spaces(eve).createChangeRequest(spaceId, { subject: 'Getting started' });
      expect(status).toBe(201);
      expectMatchesSpec('POST', LIST, 201, data);
      expect(headers.get('location')).toBe(`${server.url}/v1/spaces/${spaceId}/change-requests/${data.id}`);
      expect(data).toMatchObject({
        object: 'change-request',
        number: 1,
        status: 'draft',
        subject: 'Getting started',
        space: spaceId,
        revision: space.revision,
        revisionInitial: space.revision,
        outdated: false,
        comments: 0,
        createdBy: { object: 'user', id: eve.id, displayName: 'Eve Editor' },
        createdAt: server.clock.nowIso(),
      });
      const counted = (await spaces(ann).getSpaceById(spaceId)).data;
      expect(counted).toMatchObject({ changeRequests: 1, changeRequestsDraft: 1, changeRequestsOpen: 0 });
    });

    it('numbers ten concurrent creations 1 to 10', async () => {
      const made = await Promise.all(Array.from({ length: 10 }, () => spaces(eve).createChangeRequest(spaceId, {})));
      expect(made.map((r) => r.data.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(new Set(made.map((r) => r.data.id)).size).toBe(10);
    }, 60_000);

    it.each([
      ['a subject over 100 characters', { subject: 'x'.repeat(101) }, /subject/],
      ['a subject that is not a string', { subject: 7 }, /subject/],
      ['an unknown template, naming it', { template: { id: 'blog' } }, /template\.id: no template "blog"/],
      ['a template without id', { template: {} }, /id/],
      ['an unknown property', { title: 'x' }, /title/],
    ])('refuses %s and writes nothing', async (_case, body, message) => {
      expect(await refused(eve, 'POST', `/spaces/${spaceId}/change-requests`, body)).toMatch(message);
    });

    it('refuses a locked space, saying so', async () => {
      await spaces(ann).updateSpaceById(spaceId, { editMode: 'locked' as never });
      expect(await refused(eve, 'POST', `/spaces/${spaceId}/change-requests`, {}, 403)).toMatch(/locked/);
    });

    it('hides the space from a stranger and refuses a reader', async () => {
      await refused(cat, 'POST', `/spaces/${spaceId}/change-requests`, {}, 404);
      await refused(bob, 'POST', `/spaces/${spaceId}/change-requests`, {}, 403);
    });
  });

  describe('reading and listing', () => {
    it('gets a request by id and by number', async () => {
      const cr = await create();
      const byId = await spaces(bob).getChangeRequestById(spaceId, cr.id);
      expectMatchesSpec('GET', ONE, 200, byId.data);
      expect((await spaces(bob).getChangeRequestById(spaceId, String(cr.number))).data.id).toBe(cr.id);
      await expectStatus(spaces(bob).getChangeRequestById(spaceId, '99'), 404);
      await expectStatus(spaces(cat).getChangeRequestById(spaceId, cr.id), 404);
      const other = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Other' })).data.id;
      await expectStatus(spaces(bob).getChangeRequestById(other, cr.id), 404);
    });

    it('lists open requests by default, filters by status and creator, newest update first, paged', async () => {
      const a = await create(eve, 'A');
      server.clock.advance(1000);
      const b = await create(ann, 'B');
      server.clock.advance(1000);
      const c = await create(eve, 'C');
      server.clock.advance(1000);
      await spaces(eve).updateChangeRequestById(spaceId, a.id, { status: 'open' });
      server.clock.advance(1000);
      await spaces(eve).updateChangeRequestById(spaceId, c.id, { status: 'open' });
      const open = await spaces(bob).listChangeRequestsForSpace(spaceId);
      expectMatchesSpec('GET', LIST, 200, open.data);
      expect(open.data.items.map((cr) => cr.id)).toEqual([c.id, a.id]);
      const drafts = await spaces(bob).listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft });
      expect(drafts.data.items.map((cr) => cr.id)).toEqual([b.id]);
      const byCreator = await spaces(bob).listChangeRequestsForSpace(spaceId, { creator: eve.id, orderBy: 'createdAt' as never });
      expect(byCreator.data.items.map((cr) => cr.id)).toEqual([c.id, a.id]);
      const first = await spaces(bob).listChangeRequestsForSpace(spaceId, { limit: 1 });
      const next = await spaces(bob).listChangeRequestsForSpace(spaceId, { limit: 1, page: first.data.next!.page });
      expect([...first.data.items, ...next.data.items].map((cr) => cr.id)).toEqual([c.id, a.id]);
    });

    it('filters by contributor and by requested reviewer', async () => {
      const a = await create();
      const b = await create();
      await spaces(eve).updateChangeRequestById(spaceId, a.id, { status: 'open' });
      await spaces(eve).updateChangeRequestById(spaceId, b.id, { status: 'open' });
      await edit(ann, a.number, a.revision, 'rA1');
      await spaces(eve).requestReviewersForChangeRequest(spaceId, b.id, { users: [rob.id] });
      expect((await spaces(bob).listChangeRequestsForSpace(spaceId, { contributor: ann.id })).data.items.map((cr) => cr.id)).toEqual([a.id]);
      expect((await spaces(bob).listChangeRequestsForSpace(spaceId, { requestedReviewer: rob.id })).data.items.map((cr) => cr.id)).toEqual([b.id]);
    });

    it('refuses a bad status or order', async () => {
      await refused(bob, 'GET', `/spaces/${spaceId}/change-requests?status=done`);
      await refused(bob, 'GET', `/spaces/${spaceId}/change-requests?orderBy=title`);
      await refused(cat, 'GET', `/spaces/${spaceId}/change-requests`, undefined, 404);
    });

    it("lists the organization's requests in the spaces the caller may read", async () => {
      const visible = await create();
      const secret = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Secret' })).data.id;
      const hidden = (await spaces(ann).createChangeRequest(secret, { subject: 'Hidden' })).data;
      const drafts = { status: [ChangeRequestStatus.Draft] };
      const all = await server.as(ann.token).orgs.listChangeRequestsForOrganization(orgId, drafts);
      expectMatchesSpec('GET', '/orgs/{organizationId}/change-requests', 200, all.data);
      expect(all.data.items.map((cr) => cr.id).sort()).toEqual([visible.id, hidden.id].sort());
      const inSecret = await server.as(ann.token).orgs.listChangeRequestsForOrganization(orgId, { ...drafts, space: secret });
      expect(inSecret.data.items.map((cr) => cr.id)).toEqual([hidden.id]);
      expect((await server.as(ann.token).orgs.listChangeRequestsForOrganization(orgId)).data.items).toEqual([]);
      // A guest sees the requests of the one space granted to it, not the others.
      await server.as(ann.token).orgs.updateOrganizationById(orgId, { defaultRole: null } as never);
      const gus = await server.createUser('gus@acme.io', 'Gus Guest');
      await server.as(gus.token).orgs.joinOrganization(orgId);
      await server.fetch(`/v1/spaces/${spaceId}/permissions`, {
        method: 'POST',
        token: ann.token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'read', users: [gus.id] }),
      });
      const seen = await server.as(gus.token).orgs.listChangeRequestsForOrganization(orgId, { status: [ChangeRequestStatus.Draft, ChangeRequestStatus.Open] });
      expect(seen.data.items.map((cr) => cr.id)).toEqual([visible.id]);
      await refused(cat, 'GET', `/orgs/${orgId}/change-requests`, undefined, 404);
      await refused(ann, 'GET', `/orgs/${orgId}/change-requests?status=done`);
    });
  });

  describe('updating', () => {
    it('changes subject, description and status, and keeps the space counters true', async () => {
      const cr = await create();
      const { data, status } = await spaces(eve).updateChangeRequestById(spaceId, cr.id, {
        subject: 'Renamed',
        description: paragraph('Why') as never,
        status: 'open',
      });
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', ONE, 200, data);
      expect(data).toMatchObject({ subject: 'Renamed', status: 'open', description: paragraph('Why') });
      expect((await spaces(ann).getSpaceById(spaceId)).data).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });
      await spaces(eve).updateChangeRequestById(spaceId, String(cr.number), { status: 'archived' });
      expect((await spaces(ann).getSpaceById(spaceId)).data).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    });

    it('answers 204 to Prefer: return=minimal', async () => {
      const cr = await create();
      const response = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}`, {
        method: 'PATCH',
        token: eve.token,
        headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ subject: 'Quiet' }),
      });
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
      expect((await spaces(bob).getChangeRequestById(spaceId, cr.id)).data.subject).toBe('Quiet');
    });

    it.each([
      ['merged as a status', { status: 'merged' }],
      ['a description that is not a document', { description: { object: 'block', nodes: [] } }],
      ['a subject over 100 characters', { subject: 'x'.repeat(101) }],
      ['an unknown property', { links: 'x' }],
    ])('refuses %s and writes nothing', async (_case, body) => {
      const cr = await create();
      await refused(eve, 'PATCH', `/spaces/${spaceId}/change-requests/${cr.id}`, body);
    });

    it('refuses any change to a merged request', async () => {
      const cr = await create();
      await server.app.get(Aggregates).handle(changeRequestStream(spaceId, 1), changeRequestDecider, { type: 'MarkMerged', revisionMerged: 'm1', head: cr.revision, mergedBy: ann.id }, {
        userId: ann.id,
        source: 'api',
        correlationId: 'test',
      });
      const merged = (await spaces(bob).getChangeRequestById(spaceId, cr.id)).data;
      expectMatchesSpec('GET', ONE, 200, merged);
      expect(merged).toMatchObject({ status: 'merged', revisionMerged: 'm1', mergedBy: { id: ann.id }, outdated: false });
      expect(await refused(eve, 'PATCH', `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: 'Late' }, 409)).toMatch(/merged/);
    });

    it('refuses a reader and hides the request from a stranger', async () => {
      const cr = await create();
      await refused(bob, 'PATCH', `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: 'No' }, 403);
      await refused(cat, 'PATCH', `/spaces/${spaceId}/change-requests/${cr.id}`, { subject: 'No' }, 404);
    });
  });

  describe('reviews', () => {
    it('records a review with its comment, lists it, gets it, and outdates it when the content changes', async () => {
      const cr = await create();
      const { data, status, headers } = await spaces(rob).submitChangeRequestReview(spaceId, cr.id, {
        status: 'approved' as never,
        comment: { markdown: 'Looks **good**.' },
      });
      expect(status).toBe(201);
      expectMatchesSpec('POST', REVIEWS, 201, data);
      expect(headers.get('location')).toBe(data.urls.location);
      expect(data).toMatchObject({ status: 'approved', revision: cr.revision, outdated: false, reviewer: { id: rob.id } });
      const one = await spaces(bob).getChangeRequestReviewById(spaceId, cr.id, data.id, { format: 'markdown' as never });
      expectMatchesSpec('GET', `${REVIEWS}/{reviewId}`, 200, one.data);
      expect(one.data.comment?.body).toEqual({ markdown: expect.stringContaining('Looks **good**.') });
      await edit(eve, cr.number, cr.revision, 'r2');
      const list = await spaces(bob).getReviewsByChangeRequestId(spaceId, cr.id);
      expectMatchesSpec('GET', REVIEWS, 200, list.data);
      expect(list.data.items.map((r) => [r.id, r.outdated])).toEqual([[data.id, true]]);
      expect((await spaces(bob).getReviewsByChangeRequestId(spaceId, cr.id, { outdated: false })).data.items).toEqual([]);
      await expectStatus(spaces(bob).getChangeRequestReviewById(spaceId, cr.id, 'nope'), 404);
    });

    it('refuses a bad status, an editor without review rights, and strangers', async () => {
      const cr = await create();
      const path = `/spaces/${spaceId}/change-requests/${cr.id}/reviews`;
      await refused(rob, 'POST', path, { status: 'lgtm' });
      await refused(rob, 'POST', path, { status: 'approved', comment: { document: { object: 'nope' } } });
      await refused(eve, 'POST', path, { status: 'approved' }, 403);
      await refused(cat, 'POST', path, { status: 'approved' }, 404);
      await refused(cat, 'GET', path, undefined, 404);
    });
  });

  describe('requested reviewers', () => {
    it('requests users and teams once, lists them and removes them (205, then 204)', async () => {
      const cr = await create();
      const team = (await server.as(ann.token).orgs.createOrganizationTeam(orgId, { title: 'Writers' })).data;
      const { data, status } = await spaces(eve).requestReviewersForChangeRequest(spaceId, cr.id, { users: [rob.id, team.id], subject: 'Please look' });
      expect(status).toBe(200);
      expectMatchesSpec('POST', REVIEWERS, 200, data);
      expect(data.users?.map((r) => (r.kind === 'user' ? r.user.id : r.team.id)).sort()).toEqual([rob.id, team.id].sort());
      expect((await spaces(bob).getChangeRequestById(spaceId, cr.id)).data.subject).toBe('Please look');
      const before = await server.head();
      await spaces(eve).requestReviewersForChangeRequest(spaceId, cr.id, { users: [rob.id] });
      expect(await server.head()).toBe(before);
      const list = await spaces(bob).getRequestedReviewersByChangeRequestId(spaceId, cr.id);
      expectMatchesSpec('GET', REVIEWERS, 200, list.data);
      expect(list.data.items).toHaveLength(2);
      const removed = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers/${rob.id}`, { method: 'DELETE', token: eve.token });
      expect(removed.status).toBe(205);
      const again = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers/${rob.id}`, { method: 'DELETE', token: eve.token });
      expect(again.status).toBe(204);
      expect((await spaces(bob).getRequestedReviewersByChangeRequestId(spaceId, cr.id)).data.items.map((r) => r.kind)).toEqual(['team']);
    });

    it('refuses unknown users, an empty list, a reader and strangers', async () => {
      const cr = await create();
      const path = `/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers`;
      expect(await refused(eve, 'POST', path, { users: [cat.id] })).toMatch(cat.id);
      await refused(eve, 'POST', path, { users: [] });
      await refused(bob, 'POST', path, { users: [rob.id] }, 403);
      await refused(cat, 'POST', path, { users: [rob.id] }, 404);
      await refused(bob, 'DELETE', `${path}/${rob.id}`, undefined, 403);
    });
  });

  describe('contributors', () => {
    it('lists who edited the content, with their edit counts', async () => {
      const cr = await create();
      await edit(eve, cr.number, cr.revision, 'r1');
      server.clock.advance(1000);
      await edit(ann, cr.number, 'r1', 'r2');
      await edit(ann, cr.number, 'r2', 'r3');
      const { data } = await spaces(bob).getContributorsByChangeRequestId(spaceId, cr.id);
      expectMatchesSpec('GET', `${ONE}/contributors`, 200, data);
      expect(data.items.map((c) => [c.user.id, c.count, c.actionType])).toEqual([
        [ann.id, 2, 'edit'],
        [eve.id, 1, 'edit'],
      ]);
      await expectStatus(spaces(cat).getContributorsByChangeRequestId(spaceId, cr.id), 404);
    });
  });
});

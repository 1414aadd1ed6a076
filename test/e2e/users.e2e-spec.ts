import { MemberRole } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

const USER = '/users/{userId}';

describe('users', () => {
  let server: TestServer;
  /** ann (admin) and carl (`read`) and gus (guest) share Acme; bob is in his own organization only. */
  let ann: User, carl: User, gus: User, bob: User;
  let acme: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    carl = await server.createUser('carl@acme.io', 'Carl');
    gus = await server.createUser('gus@acme.io', 'Gus');
    bob = await server.createUser('bob@other.io', 'Bob');
    const { data: org } = await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] });
    acme = org.id;
    await server.as(carl.token).orgs.joinOrganization(acme);
    await server.as(ann.token).orgs.updateOrganizationById(acme, { defaultRole: null });
    await server.as(gus.token).orgs.joinOrganization(acme);
    await server.as(bob.token).orgs.createOrganization({ title: 'Other' });
  });
  afterAll(() => server.stop());

  it('answers the caller themself, checked against the spec, as GET /user does', async () => {
    const { data, status } = await server.as(carl.token).users.getUserById(carl.id);
    expect(status).toBe(200);
    expectMatchesSpec('GET', USER, 200, data);
    expect(data).toEqual((await server.as(carl.token).user.getAuthenticatedUser()).data);
  });

  it('serves the urls.location of GET /user', async () => {
    const { data: me } = await server.as(ann.token).user.getAuthenticatedUser();
    const location = new URL(me.urls.location);
    expect(location.origin).toBe(server.url);
    const { status, body } = await server.fetch(location.pathname, { token: ann.token });
    expect(status).toBe(200);
    expect(body).toEqual(me);
  });

  it('answers a member of a shared organization, guests included as the ones seen', async () => {
    const { data, status } = await server.as(carl.token).users.getUserById(ann.id);
    expect(status).toBe(200);
    expectMatchesSpec('GET', USER, 200, data);
    expect(data).toEqual({ object: 'user', id: ann.id, displayName: 'Ann', email: 'ann@acme.io', urls: { location: `${server.url}/v1/users/${ann.id}` } });
    expect((await server.as(ann.token).users.getUserById(gus.id)).data.displayName).toBe('Gus');
  });

  it('hides other members from a guest, who may not list them either', async () => {
    await expectStatus(server.as(gus.token).orgs.listMembersInOrganizationById(acme), 403);
    await expectStatus(server.as(gus.token).users.getUserById(ann.id), 404);
    expect((await server.as(gus.token).users.getUserById(gus.id)).status).toBe(200);
  });

  it('answers 404 with the error body to a stranger, for an unknown id, and for an id of no id shape', async () => {
    await expectStatus(server.as(bob.token).users.getUserById(ann.id), 404);
    await expectStatus(server.as(ann.token).users.getUserById(bob.id), 404);
    for (const id of ['nosuchuser0000000000', 'not an id', `${ann.id}.`]) {
      const { status, body } = await server.fetch(`/v1/users/${encodeURIComponent(id)}`, { token: ann.token });
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: 404, message: expect.any(String) } });
      expectMatchesSpec('GET', USER, 404, body);
    }
    // The router refuses a path parameter over 100 characters, and a URL that does not decode, before any
    // route: with the error body all the same.
    for (const [path, code] of [[`/v1/users/${'x'.repeat(300)}`, 414], ['/v1/users/%E0%A4%A', 400]] as const) {
      const { status, body } = await server.fetch(path, { token: ann.token });
      expect(status).toBe(code);
      expect(body).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('stops answering once the organizations are no longer shared', async () => {
    const dora = await server.createUser('dora@acme.io', 'Dora');
    await server.as(ann.token).orgs.updateOrganizationById(acme, { defaultRole: MemberRole.Read });
    await server.as(dora.token).orgs.joinOrganization(acme);
    expect((await server.as(dora.token).users.getUserById(carl.id)).status).toBe(200);
    await server.as(ann.token).orgs.removeMemberFromOrganizationById(acme, dora.id);
    await expectStatus(server.as(dora.token).users.getUserById(carl.id), 404);
    await expectStatus(server.as(carl.token).users.getUserById(dora.id), 404);
  });

  it('refuses a missing token with 401, and writes through no other method', async () => {
    const { status, body } = await server.fetch(`/v1/users/${ann.id}`);
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 401, message: expect.any(String) } });
    // The client's spec also has PATCH (updateUserById); Folio does not serve it (405: the path is known),
    // and writes nothing.
    await server.expectRefused(ann.token, 'PATCH', `/v1/users/${ann.id}`, { displayName: 'Annie' }, 405);
    expect((await server.as(ann.token).users.getUserById(ann.id)).data.displayName).toBe('Ann');
  });
});

import { startServer, TestServer } from '../support/server';

/** ETag = the resource's stream revision; If-Match turns a lost update into 412 instead of a silent overwrite. */
describe('conditional requests', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = server.adminToken;
  });
  afterAll(() => server.stop());

  const json = (method: string, path: string, body: unknown, ifMatch?: string) =>
    server.fetch(path, {
      method,
      token,
      headers: { 'content-type': 'application/json', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      body: JSON.stringify(body),
    });

  it('sends the organization ETag, and refuses a PATCH made against an older one with 412', async () => {
    const created = await json('POST', '/v1/orgs', { title: 'Acme' });
    const id = (created.body as { id: string }).id;
    // OrganizationCreated and the creator's MemberJoined: revisions 0 and 1.
    const got = await server.fetch(`/v1/orgs/${id}`, { token });
    expect(got.headers.get('etag')).toBe('"1"');

    const patched = await json('PATCH', `/v1/orgs/${id}`, { title: 'Acme Docs' }, '"1"');
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBe('"2"');

    // Someone still working from the first version loses: 412, nothing written.
    const before = await server.head();
    const stale = await json('PATCH', `/v1/orgs/${id}`, { title: 'Stale Edit' }, '"1"');
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: { code: 412, message: expect.stringMatching(/changed/) } });
    expect(await server.head()).toBe(before);
    expect((await server.as(token).orgs.getOrganizationById(id)).data.title).toBe('Acme Docs');
    expect((await json('PATCH', `/v1/orgs/${id}`, { title: 'X' }, 'not-an-etag')).status).toBe(412);
    expect((await json('PATCH', `/v1/orgs/${id}`, { title: 'Any Version' }, '*')).status).toBe(200);
  });

  it('moves the organization ETag when its members change', async () => {
    const created = await json('POST', '/v1/orgs', { title: 'Members Move It', emailDomains: ['acme.io'] });
    const id = (created.body as { id: string }).id;
    const before = (await server.fetch(`/v1/orgs/${id}`, { token })).headers.get('etag');
    const ann = await server.createUser('ann@acme.io');
    await server.as(ann.token).orgs.joinOrganization(id);
    expect((await server.fetch(`/v1/orgs/${id}`, { token })).headers.get('etag')).not.toBe(before);
  });

  it('does the same for spaces', async () => {
    const org = (await json('POST', '/v1/orgs', { title: 'Spaces' })).body as { id: string };
    const space = await json('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Handbook' });
    expect(space.headers.get('etag')).toBe('"0"');
    const id = (space.body as { id: string }).id;
    expect((await json('PATCH', `/v1/spaces/${id}`, { title: 'Handbook 2' }, '"0"')).headers.get('etag')).toBe('"1"');
    const before = await server.head();
    expect((await json('PATCH', `/v1/spaces/${id}`, { title: 'Lost update' }, '"0"')).status).toBe(412);
    expect(await server.head()).toBe(before);
    expect((await server.fetch(`/v1/spaces/${id}`, { token })).headers.get('etag')).toBe('"1"');
  });

  it.each([
    ['a collection', async (org: string) => `/v1/collections/${((await json('POST', `/v1/orgs/${org}/collections`, { title: 'Guides' })).body as { id: string }).id}`, { title: 'Guides 2' }],
    ['a team', async (org: string) => `/v1/orgs/${org}/teams/${((await json('PUT', `/v1/orgs/${org}/teams`, { title: 'Writers' })).body as { id: string }).id}`, { title: 'Editors' }],
    ['a link invite', async (org: string) => `/v1/orgs/${org}/link-invites/${((await json('POST', `/v1/orgs/${org}/link-invites`, { role: 'read' })).body as { id: string }).id}`, { role: 'edit' }],
    ['a SAML provider', async (org: string) => `/v1/orgs/${org}/saml/${((await json('POST', `/v1/orgs/${org}/saml`, { label: 'Okta' })).body as { id: string }).id}`, { label: 'Okta 2' }],
  ])('does the same for %s', async (_what, create, change) => {
    const org = ((await json('POST', '/v1/orgs', { title: 'Conditional' })).body as { id: string }).id;
    const path = await create(org);
    const got = await server.fetch(path, { token });
    expect(got.headers.get('etag')).toBe('"0"');
    const patched = await json('PATCH', path, change, '"0"');
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBe('"1"');
    const before = await server.head();
    expect((await json('PATCH', path, change, '"0"')).status).toBe(412);
    expect(await server.head()).toBe(before);
  });
});

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

  /** If-None-Match: a client holding the current version gets 304 and no body, on every GET with an ETag. */
  describe('conditional GETs', () => {
    const post = async (path: string, body: unknown) => (await json('POST', path, body)).body as { id: string };
    const get = (path: string, ifNoneMatch?: string) => server.fetch(path, { token, headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } });

    it('answers 304 to the organization’s stream-revision ETag, in any form RFC 9110 allows, and 200 once it moved', async () => {
      const org = await post('/v1/orgs', { title: 'Cached' });
      const path = `/v1/orgs/${org.id}`;
      const etag = (await get(path)).headers.get('etag')!;
      expect(etag).toBe('"1"');
      for (const condition of [etag, `W/${etag}`, `"0", ${etag}`, '*']) {
        const cached = await get(path, condition);
        expect(cached.status).toBe(304);
        expect(cached.body).toBeUndefined();
        expect(cached.headers.get('etag')).toBe(etag);
      }
      expect((await get(path, '"0"')).status).toBe(200);

      await json('PATCH', path, { title: 'Cached 2' });
      const changed = await get(path, etag);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ title: 'Cached 2' });
      expect(changed.headers.get('etag')).toBe('"2"');
    });

    it('gives a GET without a revision a weak ETag of its body, and answers 304 to it until the body changes', async () => {
      const org = await post('/v1/orgs', { title: 'Lists' });
      await post(`/v1/orgs/${org.id}/spaces`, { title: 'First' });
      const path = `/v1/orgs/${org.id}/spaces`;
      const listed = await get(path);
      const etag = listed.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      // The same body again: the same ETag; with it, 304.
      expect((await get(path)).headers.get('etag')).toBe(etag);
      const cached = await get(path, etag);
      expect(cached.status).toBe(304);
      expect(cached.body).toBeUndefined();
      expect(cached.headers.get('etag')).toBe(etag);
      expect(cached.headers.get('content-length')).toBeNull();

      await post(`/v1/orgs/${org.id}/spaces`, { title: 'Second' });
      const changed = await get(path, etag);
      expect(changed.status).toBe(200);
      expect((changed.body as { items: unknown[] }).items).toHaveLength(2);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });

    it('answers HEAD as GET, and leaves refusals and writes alone', async () => {
      const org = await post('/v1/orgs', { title: 'Heads' });
      const listed = await get(`/v1/orgs/${org.id}/spaces`);
      const etag = listed.headers.get('etag')!;
      const head = await server.fetch(`/v1/orgs/${org.id}/spaces`, { method: 'HEAD', token, headers: { 'if-none-match': etag } });
      expect(head.status).toBe(304);
      expect(head.headers.get('etag')).toBe(etag);
      expect(head.headers.get('content-length')).toBe(listed.headers.get('content-length'));
      // A refusal has no ETag and is never a 304, whatever the client holds.
      const missing = await get('/v1/orgs/nope', '*');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
      // If-None-Match on a write is no GET condition: the write happens.
      const written = await server.fetch(`/v1/orgs/${org.id}`, { method: 'PATCH', token, headers: { 'content-type': 'application/json', 'if-none-match': '*' }, body: '{"title":"Heads 2"}' });
      expect(written.status).toBe(200);
    });
  });
});

import { MemberRole } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

describe('organizations', () => {
  let server: TestServer;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    bob = await server.createUser('bob@other.io', 'Bob');
  });
  afterAll(() => server.stop());

  async function createOrg(token: string, title = 'Acme Docs') {
    const { data, status } = await server.as(token).orgs.createOrganization({ title });
    expect(status).toBe(201);
    return data;
  }

  describe('POST /orgs', () => {
    it('creates an organization with the caller as its admin', async () => {
      const response = await server.as(ann.token).orgs.createOrganization({ title: 'Acme Docs', emailDomains: ['acme.io'] });
      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe(`${server.url}/v1/orgs/${response.data.id}`);
      expectMatchesSpec('POST', '/orgs', 201, response.data);
      expect(response.data).toMatchObject({
        object: 'organization',
        title: 'Acme Docs',
        emailDomains: ['acme.io'],
        defaultRole: 'read',
        mergeRules: { type: 'rules', rules: [] },
        createdAt: '2026-03-01T09:00:00.000Z',
        permissions: { admin: true, view: true, createContent: true },
      });
      expect(response.data.id).toMatch(/^[0-9A-Za-z]{20}$/);
    });

    it.each([
      ['a title too short', { title: 'A' }],
      ['a title too long', { title: 'x'.repeat(256) }],
      ['a title of the wrong type', { title: 42 }],
      ['a missing title', {}],
      ['an unknown property', { title: 'Good', colour: 'red' }],
      ['email domains that are not domains', { title: 'Good', emailDomains: ['not a domain'] }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      await server.expectRefused(ann.token, 'POST', '/v1/orgs', body);
    });

    it('refuses a caller without a token', async () => {
      await expectStatus(server.as('').orgs.createOrganization({ title: 'Acme' }), 401);
      await expectStatus(server.as('folio_unknown').orgs.createOrganization({ title: 'Acme' }), 401);
    });
  });

  describe('GET /orgs and /orgs/{id}', () => {
    it("lists exactly the caller's organizations, paginated", async () => {
      const carl = await server.createUser('carl@acme.io');
      const created = [];
      for (const title of ['One', 'Two', 'Three']) created.push(await createOrg(carl.token, title));
      await createOrg(bob.token, 'Not Carls');
      const first = await server.as(carl.token).orgs.listOrganizationsForAuthenticatedUser({ limit: 2 });
      expectMatchesSpec('GET', '/orgs', 200, first.data);
      expect(first.data.count).toBe(2);
      expect(first.data.next?.page).toEqual(expect.any(String));
      const second = await server.as(carl.token).orgs.listOrganizationsForAuthenticatedUser({ limit: 2, page: first.data.next!.page });
      expect(second.data.count).toBe(1);
      expect(second.data.next).toBeUndefined();
      const ids = [...first.data.items, ...second.data.items].map((o) => o.id).sort();
      expect(ids).toEqual(created.map((o) => o.id).sort());
    });

    it('refuses a bad cursor and an out-of-range limit', async () => {
      for (const query of ['page=garbage', 'limit=0', 'limit=1001', 'limit=abc']) {
        const { status, body } = await server.fetch(`/v1/orgs?${query}`, { token: ann.token });
        expect(status).toBe(400);
        expect(body).toEqual({ error: { code: 400, message: expect.any(String) } });
      }
    });

    it('gets an organization for a member and hides it from a stranger', async () => {
      const org = await createOrg(ann.token);
      const { data, status } = await server.as(ann.token).orgs.getOrganizationById(org.id);
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/orgs/{organizationId}', 200, data);
      expect(data).toEqual(org);
      await expectStatus(server.as(bob.token).orgs.getOrganizationById(org.id), 404);
      await expectStatus(server.as(ann.token).orgs.getOrganizationById('doesNotExist0000000a'), 404);
    });
  });

  describe('PATCH /orgs/{id}', () => {
    it('changes every setting the seed lists, and only those sent', async () => {
      const org = await createOrg(ann.token);
      server.clock.advance(60_000);
      const patch = {
        title: 'Acme Handbook',
        emailDomains: ['acme.io', 'acme.dev'],
        hostname: `acme-${Date.now().toString(36)}`,
        defaultRole: null,
        defaultContent: { type: 'site' as const, site: 'site123' },
        logo: 'https://acme.io/logo.png',
        sso: true,
        ai: true,
        inviteLinks: false,
        mergeRules: { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_review' as const }] },
      };
      const { data, status } = await server.as(ann.token).orgs.updateOrganizationById(org.id, patch);
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}', 200, data);
      // The logo is served as urls.logo, the one place the client's spec has for it.
      const { logo, ...fields } = patch;
      expect(data).toMatchObject({ ...fields, urls: { logo } });
      const again = await server.as(ann.token).orgs.updateOrganizationById(org.id, { title: 'Acme Docs' });
      expect(again.data).toMatchObject({ ...fields, title: 'Acme Docs', urls: { logo } });
      const cleared = await server.as(ann.token).orgs.updateOrganizationById(org.id, { logo: null, defaultContent: null });
      expect(cleared.data.urls.logo).toBeUndefined();
      expect(cleared.data.defaultContent).toBeUndefined();
    });

    it('writes nothing when nothing changes', async () => {
      const org = await createOrg(ann.token, 'Same Title');
      const before = await server.head();
      await server.as(ann.token).orgs.updateOrganizationById(org.id, { title: 'Same Title' });
      expect(await server.head()).toBe(before);
    });

    it('keeps hostnames unique across organizations', async () => {
      const [a, b] = [await createOrg(ann.token, 'Org A'), await createOrg(ann.token, 'Org B')];
      const hostname = `uniq-${Date.now().toString(36)}`;
      await server.as(ann.token).orgs.updateOrganizationById(a.id, { hostname });
      await expectStatus(server.as(ann.token).orgs.updateOrganizationById(b.id, { hostname }), 409);
      // Once A moves to another hostname, the old one is free again.
      await server.as(ann.token).orgs.updateOrganizationById(a.id, { hostname: `${hostname}-2` });
      const { data } = await server.as(ann.token).orgs.updateOrganizationById(b.id, { hostname });
      expect(data.hostname).toBe(hostname);
    });

    it.each([
      ['an unknown role', { defaultRole: 'owner' }],
      ['a hostname too short', { hostname: 'ab' }],
      ['a hostname too long', { hostname: 'a'.repeat(33) }],
      ['a title of null', { title: null }],
      ['sso as a string', { sso: 'true' }],
      ['merge rules that inherit', { mergeRules: { type: 'inherit' } }],
      ['an unknown merge rule', { mergeRules: { type: 'rules', rules: [{ rule: 'be_nice' }] } }],
      ['a logo that is not a URL', { logo: 'not a url' }],
      ['default content of another type', { defaultContent: { type: 'space', site: 'x' } }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      const org = await createOrg(ann.token);
      await server.expectRefused(ann.token, 'PATCH', `/v1/orgs/${org.id}`, body);
    });

    it('lets only admins change it: 404 for strangers, 403 for members', async () => {
      const org = await createOrg(ann.token);
      await server.as(ann.token).orgs.updateOrganizationById(org.id, { emailDomains: ['other.io'] });
      await expectStatus(server.as(bob.token).orgs.updateOrganizationById(org.id, { title: 'Hijacked' }), 404);
      await server.as(bob.token).orgs.joinOrganization(org.id);
      const before = await server.head();
      await expectStatus(server.as(bob.token).orgs.updateOrganizationById(org.id, { title: 'Hijacked' }), 403);
      expect(await server.head()).toBe(before);
      expect((await server.as(ann.token).orgs.getOrganizationById(org.id)).data.title).toBe('Acme Docs');
    });
  });

  describe('POST /orgs/{id}/join', () => {
    it('admits a user whose email domain is allowed, with the default role', async () => {
      const org = await createOrg(ann.token);
      await server.as(ann.token).orgs.updateOrganizationById(org.id, { emailDomains: ['other.io'], defaultRole: MemberRole.Comment });
      await expectStatus(server.as(bob.token).orgs.getOrganizationById(org.id), 404);
      const { status } = await server.as(bob.token).orgs.joinOrganization(org.id);
      expect(status).toBe(204);
      const { data } = await server.as(bob.token).orgs.getOrganizationById(org.id);
      expect(data.permissions).toMatchObject({ view: true, access: true, admin: false, createContent: false });
      // Joining again changes nothing.
      const before = await server.head();
      expect((await server.as(bob.token).orgs.joinOrganization(org.id)).status).toBe(204);
      expect(await server.head()).toBe(before);
    });

    it('refuses a user whose email domain is not allowed, and an unknown organization', async () => {
      const org = await createOrg(ann.token);
      const before = await server.head();
      await expectStatus(server.as(bob.token).orgs.joinOrganization(org.id), 400);
      expect(await server.head()).toBe(before);
      await expectStatus(server.as(bob.token).orgs.joinOrganization('doesNotExist0000000a'), 404);
      await expectStatus(server.as('folio_nope').orgs.joinOrganization(org.id), 401);
    });
  });
});

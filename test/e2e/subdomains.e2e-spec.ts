import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

describe('subdomains', () => {
  let server: TestServer;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };
  let organizationId: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    bob = await server.createUser('bob@other.io', 'Bob');
    const { data } = await server.as(ann.token).orgs.createOrganization({ title: 'Acme Docs' });
    organizationId = data.id;
    await server.as(ann.token).orgs.updateOrganizationById(organizationId, { hostname: 'acme-docs' });
  });
  afterAll(() => server.stop());

  describe('GET /subdomains/{subdomain}', () => {
    it('resolves an organization’s hostname to the organization, for a member and a non-member alike', async () => {
      for (const token of [ann.token, bob.token]) {
        const { data, status } = await server.as(token).subdomains.getSubdomain('acme-docs');
        expect(status).toBe(200);
        expectMatchesSpec('GET', '/subdomains/{subdomain}', 200, data);
        expect(data).toEqual({ object: 'subdomain', subdomain: 'acme-docs', target: { type: 'organization', organization: organizationId }, isActive: true });
      }
    });

    it('follows the hostname when the organization changes it', async () => {
      const { data: org } = await server.as(ann.token).orgs.createOrganization({ title: 'Acme Labs' });
      await server.as(ann.token).orgs.updateOrganizationById(org.id, { hostname: 'acme-labs' });
      await server.as(ann.token).orgs.updateOrganizationById(org.id, { hostname: 'acme-research' });
      expect((await server.as(bob.token).subdomains.getSubdomain('acme-research')).data.target.organization).toBe(org.id);
      await expectStatus(server.as(bob.token).subdomains.getSubdomain('acme-labs'), 404);
    });

    it('answers 404 when no organization has the subdomain', async () => {
      const { status, body } = await server.fetch('/v1/subdomains/nobody-here', { token: bob.token });
      expect(status).toBe(404);
      expect(body).toEqual({ error: { code: 404, message: expect.any(String) } });
    });

    it.each([
      ['too short', 'ab'],
      ['too long', 'a'.repeat(33)],
      ['in capitals', 'Acme-Docs'],
      ['with an outer dash', 'acme-'],
      ['with a dot', 'acme.docs'],
    ])('refuses a subdomain %s with 400 and writes nothing', async (_case, subdomain) => {
      await server.expectRefused(bob.token, 'GET', `/v1/subdomains/${encodeURIComponent(subdomain)}`);
    });

    it('refuses a caller without a token', async () => {
      await expectStatus(server.as('').subdomains.getSubdomain('acme-docs'), 401);
    });
  });
});

import { GitBookAPIError, MemberRole } from '@gitbook/api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

/** A real self-signed X.509 certificate (CN=folio-test), as an identity provider hands it out. */
const certificate = readFileSync(join(__dirname, '../fixtures/saml-cert.pem'), 'utf8');
const privateKey = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n';

const okta = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1abc',
  ssoURL: 'https://acme.okta.com/app/acme/exk1abc/sso/saml',
  certificate,
  defaultRole: MemberRole.Edit,
};

const LIST = '/orgs/{organizationId}/saml';
const ONE = '/orgs/{organizationId}/saml/{samlProviderId}';
const SSO = '/orgs/{organizationId}/sso';

describe('SAML providers and SSO', () => {
  let server: TestServer;
  /** Admin of `org`. */
  let ann: { id: string; token: string };
  /** A member (role `read`) of `org`, joined by email domain. */
  let cleo: { id: string; token: string };
  /** Not a member of `org`. */
  let bob: { id: string; token: string };
  let org: string;
  let team: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    cleo = await server.createUser('cleo@acme.io', 'Cleo');
    bob = await server.createUser('bob@other.io', 'Bob');
    org = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme Docs', emailDomains: ['acme.io'] })).data.id;
    await server.as(cleo.token).orgs.joinOrganization(org);
    team = (await server.as(ann.token).orgs.createOrganizationTeam(org, { title: 'Engineering' })).data.id;
  });
  afterAll(() => server.stop());

  const create = async (body: Parameters<ReturnType<TestServer['as']>['orgs']['createOrganizationSamlProvider']>[1] = okta) => {
    const { data, status } = await server.as(ann.token).orgs.createOrganizationSamlProvider(org, body);
    expect(status).toBe(201);
    return data;
  };

  /** A raw JSON request, for bodies the client's types would not let through. */
  const send = (method: string, path: string, token: string, body: unknown) =>
    server.fetch(`/v1${path}`, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** The call fails with `status`, the error body's message matches, and nothing was appended. */
  async function expectRefused(call: () => Promise<unknown>, status: number, message?: RegExp) {
    const before = await server.head();
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(status);
    if (message) expect((error as GitBookAPIError).errorMessage).toMatch(message);
    expect(await server.head()).toBe(before);
  }

  describe('POST /orgs/{id}/saml', () => {
    it('creates a provider, pending until a login goes through', async () => {
      const response = await server.as(ann.token).orgs.createOrganizationSamlProvider(org, { ...okta, defaultTeam: team });
      expect(response.status).toBe(201);
      expectMatchesSpec('POST', LIST, 201, response.data);
      const id = response.data.id;
      expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
      expect(response.headers.get('location')).toBe(`${server.url}/v1/orgs/${org}/saml/${id}`);
      expect(response.data).toEqual({
        object: 'saml-provider',
        id,
        label: 'Okta',
        entityID: okta.entityID,
        ssoURL: okta.ssoURL,
        certificate,
        defaultTeam: expect.objectContaining({ object: 'team', id: team, title: 'Engineering' }),
        defaultRole: 'edit',
        createdAt: '2026-03-01T09:00:00.000Z',
        status: 'pending',
        service: {
          acsURL: `${server.url}/sso/saml/${id}/acs`,
          startURL: `${server.url}/sso/saml/${id}/start`,
          entityID: `${server.url}/sso/saml/${id}`,
        },
        urls: { location: `${server.url}/v1/orgs/${org}/saml/${id}` },
      });
    });

    it('creates a provider from a label alone, to be configured once the identity provider is', async () => {
      const data = await create({ label: 'Later' });
      expect(data).toMatchObject({ label: 'Later', entityID: '', ssoURL: '', certificate: '', defaultRole: 'read', status: 'pending' });
      expect(data.defaultTeam).toBeUndefined();
      // The spec requires ssoURL and formats it as a URI; there is none yet, so it is the one field off.
      expectMatchesSpec('POST', LIST, 201, { ...data, ssoURL: 'https://idp.example/sso' });
    });

    it('takes a null default role: people signing in become guests', async () => {
      const data = await create({ label: 'Guests', defaultRole: null });
      expect(data.defaultRole).toBeNull();
      expectMatchesSpec('POST', LIST, 201, { ...data, ssoURL: 'https://idp.example/sso' });
    });

    it('refuses a certificate that is not one X.509 PEM certificate, writing nothing', async () => {
      const api = server.as(ann.token).orgs;
      await expectRefused(() => api.createOrganizationSamlProvider(org, { ...okta, certificate: 'MIIDCzCCAfOgAwIBAgIU' }), 400, /certificate must be one X\.509 certificate/);
      const garbled = certificate.replace(/\n[A-Za-z0-9+/]{8}/, '\nAAAAAAAA');
      await expectRefused(() => api.createOrganizationSamlProvider(org, { ...okta, certificate: garbled }), 400, /does not parse as an X\.509 certificate/);
      await expectRefused(() => api.createOrganizationSamlProvider(org, { ...okta, certificate: certificate + privateKey }), 400, /exactly one PEM CERTIFICATE block/);
    });

    it('refuses an over-long label, writing nothing', () =>
      expectRefused(() => server.as(ann.token).orgs.createOrganizationSamlProvider(org, { ...okta, label: 'x'.repeat(31) }), 400, /label/));

    it('refuses a default team that is unknown or of another organization, writing nothing', async () => {
      const api = server.as(ann.token).orgs;
      await expectRefused(() => api.createOrganizationSamlProvider(org, { ...okta, defaultTeam: 'noSuchTeam000000000a' }), 400, /defaultTeam/);
      const other = (await api.createOrganization({ title: 'Other Org' })).data.id;
      const foreign = (await api.createOrganizationTeam(other, { title: 'Theirs' })).data.id;
      await expectRefused(() => api.createOrganizationSamlProvider(org, { ...okta, defaultTeam: foreign }), 400, /defaultTeam/);
    });

    it.each([
      ['a missing label', { entityID: 'x' }],
      ['an empty label', { label: '' }],
      ['a blank label', { label: '   ' }],
      ['a null label', { label: null }],
      ['a label of the wrong type', { label: 42 }],
      ['an entityID over 1024 characters', { label: 'L', entityID: 'e'.repeat(1025) }],
      ['a certificate over 10000 characters', { label: 'L', certificate: certificate.repeat(10) }],
      ['a null certificate', { label: 'L', certificate: null }],
      ['an ssoURL that is not a URL', { label: 'L', ssoURL: 'not a url' }],
      ['an ssoURL that is not http(s)', { label: 'L', ssoURL: 'ftp://idp.acme.io/sso' }],
      ['an ssoURL over 2048 characters', { label: 'L', ssoURL: `https://idp.acme.io/${'a'.repeat(2040)}` }],
      ['an unknown default role', { label: 'L', defaultRole: 'owner' }],
      ['a null default team', { label: 'L', defaultTeam: null }],
      ['an unknown property', { label: 'L', colour: 'red' }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      const before = await server.head();
      const { status, body: error } = await send('POST', `/orgs/${org}/saml`, ann.token, body);
      expect(status).toBe(400);
      expect(error).toEqual({ error: { code: 400, message: expect.any(String) } });
      expect(await server.head()).toBe(before);
    });

    it('lets only admins create one: 404 for strangers, 403 for members', async () => {
      await expectRefused(() => server.as(bob.token).orgs.createOrganizationSamlProvider(org, okta), 404);
      await expectRefused(() => server.as(cleo.token).orgs.createOrganizationSamlProvider(org, okta), 403);
      await expectRefused(() => server.as(ann.token).orgs.createOrganizationSamlProvider('noSuchOrg00000000000a', okta), 404);
      await expectStatus(server.as('folio_nope').orgs.createOrganizationSamlProvider(org, okta), 401);
    });
  });

  describe('GET /orgs/{id}/saml and /orgs/{id}/saml/{samlProviderId}', () => {
    let listed: string;
    const providers: string[] = [];

    beforeAll(async () => {
      const api = server.as(ann.token).orgs;
      listed = (await api.createOrganization({ title: 'Listed', emailDomains: ['acme.io'] })).data.id;
      for (const label of ['One', 'Two', 'Three']) {
        server.clock.advance(1000);
        providers.push((await api.createOrganizationSamlProvider(listed, { ...okta, label })).data.id);
      }
      await server.as(cleo.token).orgs.joinOrganization(listed);
    });

    it("lists the organization's providers, oldest first, paginated", async () => {
      const api = server.as(ann.token).orgs;
      const first = await api.listSamlProvidersInOrganizationById(listed, { limit: 2 });
      expect(first.status).toBe(200);
      expectMatchesSpec('GET', LIST, 200, first.data);
      expect(first.data.count).toBe(2);
      expect(first.data.items.map((p) => p.label)).toEqual(['One', 'Two']);
      const second = await api.listSamlProvidersInOrganizationById(listed, { limit: 2, page: first.data.next!.page });
      expectMatchesSpec('GET', LIST, 200, second.data);
      expect(second.data.items.map((p) => p.id)).toEqual([providers[2]]);
      expect(second.data.next).toBeUndefined();
    });

    it('refuses a bad cursor and an out-of-range limit', async () => {
      for (const query of ['page=garbage', 'limit=0', 'limit=1001']) {
        const { status, body } = await server.fetch(`/v1/orgs/${listed}/saml?${query}`, { token: ann.token });
        expect(status).toBe(400);
        expect(body).toEqual({ error: { code: 400, message: expect.any(String) } });
      }
    });

    it('gets one provider', async () => {
      const { data, status } = await server.as(ann.token).orgs.getOrganizationSamlProviderById(listed, providers[0]);
      expect(status).toBe(200);
      expectMatchesSpec('GET', ONE, 200, data);
      expect(data).toMatchObject({ id: providers[0], label: 'One', certificate, status: 'pending' });
    });

    it('finds a provider only in its own organization', async () => {
      const api = server.as(ann.token).orgs;
      await expectStatus(api.getOrganizationSamlProviderById(org, providers[0]), 404);
      await expectStatus(api.getOrganizationSamlProviderById(listed, 'noSuchProvider00000a'), 404);
      expect((await api.listSamlProvidersInOrganizationById(org)).data.items.map((p) => p.id)).not.toContain(providers[0]);
    });

    it('shows providers to admins only: 404 for strangers, 403 for members', async () => {
      await expectStatus(server.as(bob.token).orgs.listSamlProvidersInOrganizationById(listed), 404);
      await expectStatus(server.as(bob.token).orgs.getOrganizationSamlProviderById(listed, providers[0]), 404);
      await expectStatus(server.as(cleo.token).orgs.listSamlProvidersInOrganizationById(listed), 403);
      await expectStatus(server.as(cleo.token).orgs.getOrganizationSamlProviderById(listed, providers[0]), 403);
    });
  });

  describe('PATCH /orgs/{id}/saml/{samlProviderId}', () => {
    it('changes the fields sent, and only those', async () => {
      const provider = await create();
      server.clock.advance(60_000);
      const patch = {
        label: 'Entra ID',
        entityID: 'https://sts.windows.net/tenant/',
        ssoURL: 'https://login.microsoftonline.com/tenant/saml2',
        defaultTeam: team,
        defaultRole: MemberRole.Comment,
      };
      const { data, status } = await server.as(ann.token).orgs.updateOrganizationSamlProvider(org, provider.id, patch);
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', ONE, 200, data);
      const changed = { ...provider, ...patch, defaultTeam: expect.objectContaining({ object: 'team', id: team, title: 'Engineering' }) };
      expect(data).toEqual(changed);
      const again = await server.as(ann.token).orgs.updateOrganizationSamlProvider(org, provider.id, { label: 'Entra' });
      expect(again.data).toEqual({ ...changed, label: 'Entra' });
      const guests = await server.as(ann.token).orgs.updateOrganizationSamlProvider(org, provider.id, { defaultRole: null });
      expect(guests.data.defaultRole).toBeNull();
      const fetched = await server.as(ann.token).orgs.getOrganizationSamlProviderById(org, provider.id);
      expect(fetched.data).toEqual(guests.data);
    });

    it('completes a provider created from a label alone', async () => {
      const provider = await create({ label: 'Later' });
      const { data } = await server.as(ann.token).orgs.updateOrganizationSamlProvider(org, provider.id, {
        entityID: okta.entityID,
        ssoURL: okta.ssoURL,
        certificate,
      });
      expectMatchesSpec('PATCH', ONE, 200, data);
      expect(data).toMatchObject({ label: 'Later', entityID: okta.entityID, ssoURL: okta.ssoURL, certificate });
    });

    it('stops showing a default team once the team is deleted, and still takes the old id back unchanged', async () => {
      const api = server.as(ann.token).orgs;
      const doomed = (await api.createOrganizationTeam(org, { title: 'Doomed' })).data.id;
      const provider = await create({ ...okta, defaultTeam: doomed });
      expect(provider.defaultTeam?.id).toBe(doomed);
      await api.removeTeamFromOrganizationById(org, doomed);
      const { data } = await api.getOrganizationSamlProviderById(org, provider.id);
      expectMatchesSpec('GET', ONE, 200, data);
      expect(data.defaultTeam).toBeUndefined();
      const before = await server.head();
      expect((await api.updateOrganizationSamlProvider(org, provider.id, { defaultTeam: doomed })).status).toBe(200);
      expect(await server.head()).toBe(before);
      const moved = await api.updateOrganizationSamlProvider(org, provider.id, { defaultTeam: team });
      expect(moved.data.defaultTeam?.id).toBe(team);
    });

    it('writes nothing when nothing changes', async () => {
      const provider = await create();
      const before = await server.head();
      const { data, status } = await server.as(ann.token).orgs.updateOrganizationSamlProvider(org, provider.id, {
        label: okta.label,
        certificate,
        defaultRole: okta.defaultRole,
      });
      expect(status).toBe(200);
      expect(data).toEqual(provider);
      const empty = await send('PATCH', `/orgs/${org}/saml/${provider.id}`, ann.token, {});
      expect(empty.status).toBe(200);
      expect(await server.head()).toBe(before);
    });

    it('refuses a bad certificate, an over-long label and an unknown team, writing nothing', async () => {
      const provider = await create();
      const api = server.as(ann.token).orgs;
      await expectRefused(() => api.updateOrganizationSamlProvider(org, provider.id, { certificate: 'not a certificate' }), 400, /certificate/);
      await expectRefused(() => api.updateOrganizationSamlProvider(org, provider.id, { label: 'x'.repeat(31) }), 400, /label/);
      await expectRefused(() => api.updateOrganizationSamlProvider(org, provider.id, { defaultTeam: 'noSuchTeam000000000a' }), 400, /defaultTeam/);
      expect((await api.getOrganizationSamlProviderById(org, provider.id)).data).toEqual(provider);
    });

    it.each([
      ['a null label', { label: null }],
      ['a null certificate', { certificate: null }],
      ['a null ssoURL', { ssoURL: null }],
      ['a null entityID', { entityID: null }],
      ['an ssoURL that is not a URL', { ssoURL: 'nope' }],
      ['an entityID over 1024 characters', { entityID: 'e'.repeat(1025) }],
      ['an unknown default role', { defaultRole: 'owner' }],
      ['an unknown property', { status: 'active' }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      const provider = await create();
      const before = await server.head();
      const { status, body: error } = await send('PATCH', `/orgs/${org}/saml/${provider.id}`, ann.token, body);
      expect(status).toBe(400);
      expect(error).toEqual({ error: { code: 400, message: expect.any(String) } });
      expect(await server.head()).toBe(before);
    });

    it('lets only admins change one: 404 for strangers and unknown providers, 403 for members', async () => {
      const provider = await create();
      const change = { label: 'Hijacked' };
      await expectRefused(() => server.as(bob.token).orgs.updateOrganizationSamlProvider(org, provider.id, change), 404);
      await expectRefused(() => server.as(cleo.token).orgs.updateOrganizationSamlProvider(org, provider.id, change), 403);
      await expectRefused(() => server.as(ann.token).orgs.updateOrganizationSamlProvider(org, 'noSuchProvider00000a', change), 404);
      expect((await server.as(ann.token).orgs.getOrganizationSamlProviderById(org, provider.id)).data.label).toBe('Okta');
    });
  });

  describe('DELETE /orgs/{id}/saml/{samlProviderId}', () => {
    it('deletes a provider: 204, empty, gone from the lists', async () => {
      const provider = await create();
      const response = await server.as(ann.token).orgs.deleteOrganizationSamlProvider(org, provider.id);
      expect(response.status).toBe(204);
      expectMatchesSpec('DELETE', ONE, 204, await response.text());
      await expectStatus(server.as(ann.token).orgs.getOrganizationSamlProviderById(org, provider.id), 404);
      const { data } = await server.as(ann.token).orgs.listSamlProvidersInOrganizationById(org);
      expect(data.items.map((p) => p.id)).not.toContain(provider.id);
      const sso = await server.as(ann.token).orgs.listSsoProviderLoginsInOrganization(org);
      expect(sso.data.items.map((p) => p.id)).not.toContain(provider.id);
    });

    it('answers 204 for a provider that does not exist (any more), writing nothing, as the spec describes', async () => {
      const provider = await create();
      await server.as(ann.token).orgs.deleteOrganizationSamlProvider(org, provider.id);
      const before = await server.head();
      expect((await server.as(ann.token).orgs.deleteOrganizationSamlProvider(org, provider.id)).status).toBe(204);
      expect((await server.as(ann.token).orgs.deleteOrganizationSamlProvider(org, 'noSuchProvider00000a')).status).toBe(204);
      expect(await server.head()).toBe(before);
    });

    it('lets only admins delete one: 404 for strangers, 403 for members', async () => {
      const provider = await create();
      await expectRefused(() => server.as(bob.token).orgs.deleteOrganizationSamlProvider(org, provider.id), 404);
      await expectRefused(() => server.as(cleo.token).orgs.deleteOrganizationSamlProvider(org, provider.id), 403);
      expect((await server.as(ann.token).orgs.getOrganizationSamlProviderById(org, provider.id)).status).toBe(200);
    });

    it("does not delete another organization's provider", async () => {
      const provider = await create();
      const other = (await server.as(ann.token).orgs.createOrganization({ title: 'Elsewhere' })).data.id;
      const before = await server.head();
      expect((await server.as(ann.token).orgs.deleteOrganizationSamlProvider(other, provider.id)).status).toBe(204);
      expect(await server.head()).toBe(before);
      expect((await server.as(ann.token).orgs.getOrganizationSamlProviderById(org, provider.id)).status).toBe(200);
    });
  });

  describe('GET /orgs/{id}/sso', () => {
    it('shows any member the providers to sign in with, and nothing of their configuration', async () => {
      const api = server.as(ann.token).orgs;
      const chooser = (await api.createOrganization({ title: 'Chooser', emailDomains: ['acme.io'] })).data.id;
      await server.as(cleo.token).orgs.joinOrganization(chooser);
      const empty = await server.as(cleo.token).orgs.listSsoProviderLoginsInOrganization(chooser);
      expect(empty.data).toEqual({ items: [] });
      const a = (await api.createOrganizationSamlProvider(chooser, okta)).data;
      server.clock.advance(1000);
      const b = (await api.createOrganizationSamlProvider(chooser, { label: 'Entra' })).data;
      for (const token of [cleo.token, ann.token]) {
        const { data, status } = await server.as(token).orgs.listSsoProviderLoginsInOrganization(chooser);
        expect(status).toBe(200);
        expectMatchesSpec('GET', SSO, 200, data);
        expect(data).toEqual({
          items: [
            { id: a.id, label: 'Okta', startURL: a.service.startURL },
            { id: b.id, label: 'Entra', startURL: b.service.startURL },
          ],
        });
      }
    });

    it('hides the organization from strangers', async () => {
      await expectStatus(server.as(bob.token).orgs.listSsoProviderLoginsInOrganization(org), 404);
      await expectStatus(server.as(ann.token).orgs.listSsoProviderLoginsInOrganization('noSuchOrg00000000000a'), 404);
    });
  });
});

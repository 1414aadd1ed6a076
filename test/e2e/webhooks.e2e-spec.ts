import { GitBookAPIError } from '@gitbook/api';
import { webhookSecretSubject } from '@folio/integrations/webhooks/webhook.events';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Sealed } from '@folio/platform/domain/sealed';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

/** Webhooks are Folio's own routes (not in the client's spec): sent with the client's generic request or raw. */
describe('webhooks', () => {
  let server: TestServer;
  let cast: RoleCast;
  let base: string;

  beforeAll(async () => {
    server = await startServer();
    cast = await organizationWithRoles(server);
    base = `/orgs/${cast.orgId}/webhooks`;
  });
  afterAll(() => server.stop());

  const call = <T>(token: string, method: string, path: string, body?: unknown) =>
    server.as(token).request<T>({
      method,
      path,
      secure: true,
      // A 204 has no body to parse.
      ...(method === 'DELETE' ? {} : { format: 'json' as const }),
      ...(body === undefined ? {} : { body, type: 'application/json' as never }),
    });
  const create = async (body: Record<string, unknown>) => {
    const response = await call<Webhook & { secret: string }>(cast.ann.token, 'POST', base, body);
    expect(response.status).toBe(201);
    return response;
  };

  interface Webhook {
    object: 'webhook';
    id: string;
    organization: string;
    url: string;
    events: string[];
    description: string | null;
    active: boolean;
    createdAt: string;
    updatedAt: string;
    urls: { location: string; deliveries: string };
  }

  it('creates a webhook, showing its secret this once', async () => {
    const { data, headers } = await create({ url: 'https://hooks.example.com/folio', events: ['space.deleted', 'space.created'], description: 'CI' });
    const location = `${server.url}/v1${base}/${data.id}`;
    expect(data).toEqual({
      object: 'webhook',
      id: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
      organization: cast.orgId,
      url: 'https://hooks.example.com/folio',
      events: ['space.created', 'space.deleted'],
      description: 'CI',
      active: true,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      urls: { location, deliveries: `${location}/deliveries` },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    expect(headers.get('location')).toBe(location);

    const got = await call<Webhook>(cast.ann.token, 'GET', `${base}/${data.id}`);
    expect(got.status).toBe(200);
    const { secret: _secret, ...shown } = data;
    expect(got.data).toEqual(shown);
    expect(JSON.stringify(got.data)).not.toContain(data.secret);
    expect(got.headers.get('etag')).toBe('"0"');
  });

  it('keeps the secret out of the log in clear', async () => {
    const { data } = await create({ url: 'https://hooks.example.com/sealed', events: ['*'] });
    for (const event of await server.events.readAll(null, 10_000)) expect(JSON.stringify(event.data)).not.toContain(data.secret);
  });

  it('lists the organization’s webhooks, oldest first, page by page', async () => {
    const { data: first } = await call<{ items: Webhook[]; next?: { page: string } }>(cast.ann.token, 'GET', `${base}?limit=1`);
    expect(first.items).toHaveLength(1);
    expect(first.next).toBeDefined();
    const { data: rest } = await call<{ items: Webhook[] }>(cast.ann.token, 'GET', `${base}?page=${first.next!.page}`);
    const all = [...first.items, ...rest.items];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.map((w) => w.createdAt)).toEqual([...all.map((w) => w.createdAt)].sort());
    expect(all.every((w) => w.organization === cast.orgId && !('secret' in w))).toBe(true);
  });

  it('updates its settings, re-activates it, and rotates its secret', async () => {
    const { data } = await create({ url: 'https://hooks.example.com/a', events: ['space.created'] });
    const path = `${base}/${data.id}`;
    server.clock.advance(60_000);
    const off = await call<Webhook>(cast.ann.token, 'PATCH', path, { active: false, events: ['change_request.merged', '*'], description: null });
    expect(off.status).toBe(200);
    expect(off.data).toMatchObject({ active: false, events: ['*', 'change_request.merged'], description: null, updatedAt: '2026-03-01T09:01:00.000Z' });
    expect(off.data).not.toHaveProperty('secret');

    const before = await server.head();
    const same = await call<Webhook>(cast.ann.token, 'PATCH', path, { active: false, events: ['*', 'change_request.merged'] });
    expect(same.data).toEqual(off.data);
    expect(await server.head()).toBe(before);

    const rotated = await call<Webhook & { secret: string }>(cast.ann.token, 'PATCH', path, { active: true, rotateSecret: true });
    expect(rotated.data.active).toBe(true);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(data.secret);
    expect((await call<Webhook>(cast.ann.token, 'GET', path)).data).not.toHaveProperty('secret');
  });

  it('deletes a webhook: it is gone, and so is its secret', async () => {
    const { data } = await create({ url: 'https://hooks.example.com/gone', events: ['*'] });
    const path = `${base}/${data.id}`;
    const sealed = (await server.events.readAll(null, 10_000)).find((e) => e.type === 'WebhookCreated' && e.data.webhookId === data.id)!.data.secret as Sealed;
    const cipher = server.app.get(SubjectCipher);
    expect(await cipher.open(webhookSecretSubject(data.id), sealed)).toBe(data.secret);
    const response = await call(cast.ann.token, 'DELETE', path);
    expect(response.status).toBe(204);
    expect(await cipher.open(webhookSecretSubject(data.id), sealed)).toBeNull();
    await expectCode(call(cast.ann.token, 'GET', path), 404);
    await expectCode(call(cast.ann.token, 'PATCH', path, { active: false }), 404);
    await expectCode(call(cast.ann.token, 'DELETE', path), 404);
  });

  describe('refuses bad input with 400, writing nothing', () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['a URL that is not one', { url: 'not a url', events: ['*'] }, /url/],
      ['a URL that is not http(s)', { url: 'ftp://hooks.example.com/', events: ['*'] }, /ftp/],
      ['a URL with credentials', { url: 'https://user:pw@hooks.example.com/', events: ['*'] }, /credentials/],
      ['a URL over 2048 characters', { url: `https://hooks.example.com/${'a'.repeat(2048)}`, events: ['*'] }, /url/],
      ['a loopback IP', { url: 'http://127.0.0.1:8080/hook', events: ['*'] }, /127\.0\.0\.1 is a loopback address/],
      ['a private IP', { url: 'http://10.1.2.3/hook', events: ['*'] }, /private/],
      ['an IPv6 loopback', { url: 'http://[::1]/hook', events: ['*'] }, /loopback/],
      ['an unknown event', { url: 'https://hooks.example.com/', events: ['space.created', 'space.exploded'] }, /unknown "space\.exploded"; known are "\*", change_request\./],
      ['no events', { url: 'https://hooks.example.com/', events: [] }, /events/],
      ['events that are not names', { url: 'https://hooks.example.com/', events: [1] }, /events/],
      ['no URL', { events: ['*'] }, /url/],
      ['an unknown field', { url: 'https://hooks.example.com/', events: ['*'], secret: 'mine' }, /secret/],
    ];
    it.each(bad)('%s', async (_what, body, message) => {
      expect(await server.expectRefused(cast.ann.token, 'POST', `/v1${base}`, body)).toMatch(message);
    });

    it('on PATCH too', async () => {
      const { data } = await create({ url: 'https://hooks.example.com/patch', events: ['*'] });
      const path = `/v1${base}/${data.id}`;
      expect(await server.expectRefused(cast.ann.token, 'PATCH', path, { url: 'http://192.168.1.1/' })).toMatch(/private/);
      expect(await server.expectRefused(cast.ann.token, 'PATCH', path, { events: ['nope'] })).toMatch(/unknown "nope"/);
      expect(await server.expectRefused(cast.ann.token, 'PATCH', path, { active: null })).toMatch(/active/);
      expect(await server.expectRefused(cast.ann.token, 'PATCH', path, { rotateSecret: 'yes' })).toMatch(/rotateSecret/);
    });
  });

  describe('wrong callers', () => {
    let path: string;
    beforeAll(async () => {
      path = `${base}/${(await create({ url: 'https://hooks.example.com/callers', events: ['*'] })).data.id}`;
    });

    it('refuses members who are not admins (403)', async () => {
      for (const user of [cast.ed, cast.rita]) {
        await expectCode(call(user.token, 'GET', base), 403);
        await expectCode(call(user.token, 'GET', path), 403);
        expect(await server.expectRefused(user.token, 'POST', `/v1${base}`, { url: 'https://hooks.example.com/', events: ['*'] }, 403)).toMatch(/webhooks/);
        await server.expectRefused(user.token, 'PATCH', `/v1${path}`, { active: false }, 403);
        await server.expectRefused(user.token, 'DELETE', `/v1${path}`, undefined, 403);
      }
    });

    it('hides the organization’s webhooks from a stranger (404)', async () => {
      await expectCode(call(cast.cat.token, 'GET', base), 404);
      await expectCode(call(cast.cat.token, 'GET', path), 404);
      await server.expectRefused(cast.cat.token, 'POST', `/v1${base}`, { url: 'https://hooks.example.com/', events: ['*'] }, 404);
      await server.expectRefused(cast.cat.token, 'DELETE', `/v1${path}`, undefined, 404);
    });

    it('does not find a webhook through another organization', async () => {
      const other = (await server.as(cast.cat.token).orgs.createOrganization({ title: 'Elsewhere' })).data.id;
      const id = path.split('/').pop()!;
      await expectCode(call(cast.cat.token, 'GET', `/orgs/${other}/webhooks/${id}`), 404);
      await server.expectRefused(cast.cat.token, 'DELETE', `/v1/orgs/${other}/webhooks/${id}`, undefined, 404);
    });

    it('asks for a token (401)', async () => {
      expect((await server.fetch(`/v1${base}`)).status).toBe(401);
      expect((await server.fetch(`/v1${path}`)).status).toBe(401);
    });
  });
});

async function expectCode(call: Promise<unknown>, code: number) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitBookAPIError);
  expect((error as GitBookAPIError).code).toBe(code);
}

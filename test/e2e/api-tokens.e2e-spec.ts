import { createHash } from 'node:crypto';
import { ContentType } from '@gitbook/api';
import { waitUntil } from '../support/processes';
import { expectStatus, startServer, TestServer } from '../support/server';

/** These routes are Folio's own (not in the client's spec): every field is checked here by hand. */
interface ApiToken {
  object: 'api-token';
  id: string;
  label: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}
type Listed = { items: ApiToken[]; count: number; next?: { page: string } };

const TOKENS = '/v1/user/tokens';
const HOUR = 3_600_000;

describe('API tokens over HTTP', () => {
  let server: TestServer;
  let ann: { id: string; token: string };
  let carl: { id: string; token: string };

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    carl = await server.createUser('carl@acme.io', 'Carl');
  });
  afterAll(() => server.stop());

  /** `POST /user/tokens` through the official client's generic request, as the holder of `token`. */
  async function create(token: string, label: string) {
    const { status, data } = await server.as(token).request<ApiToken & { token: string }>({ method: 'POST', path: '/user/tokens', body: { label }, type: ContentType.Json, format: 'json', secure: true });
    expect(status).toBe(201);
    return data;
  }

  async function list(token: string, query = ''): Promise<Listed> {
    const { status, body } = await server.fetch(`${TOKENS}${query}`, { token });
    expect(status).toBe(200);
    return body as Listed;
  }

  /** The listed token, once its last use (recorded beside the request, not during it) shows `usedAt`. */
  async function listedOnceUsed(token: string, tokenId: string, usedAt: string): Promise<ApiToken> {
    let found: ApiToken | undefined;
    await waitUntil(async () => {
      found = (await list(token)).items.find((t) => t.id === tokenId);
      return found?.lastUsedAt === usedAt;
    }, `token ${tokenId} last used at ${usedAt}`);
    return found!;
  }

  it('issues a token whose secret is shown once and works as a bearer; the list shows it without the secret, with its last use', async () => {
    server.clock.advance(1000); // after Ann's first token, so the list's order is theirs (ties would go by id)
    const createdAt = server.clock.nowIso();
    const created = await create(ann.token, 'CI deploy');
    expect(created).toEqual({ object: 'api-token', id: expect.any(String), label: 'CI deploy', createdAt, lastUsedAt: null, token: expect.stringMatching(/^folio_[0-9A-Za-z]{43}$/) });

    const { data: me } = await server.as(created.token).user.getAuthenticatedUser();
    expect(me.id).toBe(ann.id);

    const listed = await listedOnceUsed(ann.token, created.id, createdAt);
    expect(listed).toEqual({ object: 'api-token', id: created.id, label: 'CI deploy', createdAt, lastUsedAt: createdAt });
    const page = await list(ann.token);
    // Ann's first token (issued with her account, before any label) comes first: no label, shown as null.
    expect(page).toEqual({ items: [{ object: 'api-token', id: expect.any(String), label: null, createdAt: expect.any(String), lastUsedAt: expect.any(String) }, listed], count: 2 });
    const text = JSON.stringify(page);
    for (const secret of [ann.token, created.token]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
    }
    // Another user's list holds none of Ann's tokens.
    expect((await list(carl.token)).items.map((t) => t.id)).not.toContain(created.id);
  });

  it('records a use again an hour after the recorded one, not within it', async () => {
    const created = await create(ann.token, 'Hourly');
    const first = server.clock.nowIso();
    await server.as(created.token).user.getAuthenticatedUser();
    await listedOnceUsed(ann.token, created.id, first);

    server.clock.advance(HOUR - 1);
    await server.as(created.token).user.getAuthenticatedUser();
    server.clock.advance(1);
    const later = server.clock.nowIso();
    await server.as(created.token).user.getAuthenticatedUser();
    expect((await listedOnceUsed(ann.token, created.id, later)).lastUsedAt).toBe(later);
  });

  it('pages the list like every other list', async () => {
    const dora = await server.createUser('dora@acme.io', 'Dora');
    const labels = ['one', 'two', 'three'];
    for (const label of labels) {
      server.clock.advance(1000); // distinct createdAt, so the order is the labels' (ties would go by id)
      await create(dora.token, label);
    }
    const first = await list(dora.token, '?limit=2');
    expect(first.items.map((t) => t.label)).toEqual([null, 'one']);
    expect(first.count).toBe(2);
    const second = await list(dora.token, `?limit=2&page=${encodeURIComponent(first.next!.page)}`);
    expect(second.items.map((t) => t.label)).toEqual(['two', 'three']);
    expect(second.next).toBeUndefined();
    // A cursor of another user's list is refused, not read against this one.
    await server.expectRefused(carl.token, 'GET', `${TOKENS}?page=${encodeURIComponent(first.next!.page)}`);
  });

  it('revokes a token, the one in use included: its next request is a 401, and the list no longer has it', async () => {
    const created = await create(ann.token, 'Short-lived');
    const { status } = await server.fetch(`${TOKENS}/${created.id}`, { method: 'DELETE', token: created.token });
    expect(status).toBe(204);
    await expectStatus(server.as(created.token).user.getAuthenticatedUser(), 401);
    expect((await list(ann.token)).items.map((t) => t.id)).not.toContain(created.id);
    // Gone is gone: a second DELETE finds no such token of Ann's, and writes nothing.
    await server.expectRefused(ann.token, 'DELETE', `${TOKENS}/${created.id}`, undefined, 404);
  });

  it('lets a user revoke their last token (the CLI can issue another)', async () => {
    const eve = await server.createUser('eve@acme.io', 'Eve');
    const [only] = (await list(eve.token)).items;
    const { status } = await server.fetch(`${TOKENS}/${only.id}`, { method: 'DELETE', token: eve.token });
    expect(status).toBe(204);
    await expectStatus(server.as(eve.token).user.getAuthenticatedUser(), 401);
  });

  it('refuses a bad label or an unknown field with 400, writing nothing; takes a label of 100 characters', async () => {
    for (const body of [{}, { label: '' }, { label: '   ' }, { label: 'x'.repeat(101) }, { label: 42 }, { label: null }, { label: 'ok', scopes: ['read'] }]) {
      await server.expectRefused(ann.token, 'POST', TOKENS, body);
    }
    expect((await create(ann.token, 'x'.repeat(100))).label).toBe('x'.repeat(100));
  });

  it("answers 404 for another user's token, an unknown id and a malformed one, writing nothing; the token still works", async () => {
    const created = await create(ann.token, 'Mine');
    for (const id of [created.id, 'nosuchtoken000000000', 'not an id', '__proto__']) {
      await server.expectRefused(carl.token, 'DELETE', `${TOKENS}/${encodeURIComponent(id)}`, undefined, 404);
    }
    expect((await server.as(created.token).user.getAuthenticatedUser()).data.id).toBe(ann.id);
  });

  it('answers 401 without a token or with an unknown one, on every route', async () => {
    for (const token of [undefined, 'folio_nosuchtoken']) {
      for (const [method, path, body] of [['GET', TOKENS], ['POST', TOKENS, { label: 'x' }], ['DELETE', `${TOKENS}/nosuchtoken000000000`]] as const) {
        await server.expectRefused(token as string, method, path, body, 401);
      }
    }
  });
});

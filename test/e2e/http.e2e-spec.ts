import { IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

describe('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('serves /health without a token, with store and projection status', async () => {
    const { status, body } = await server.fetch('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      stores: { events: 'up', reads: 'up' },
      projections: {
        'identity-users': { position: expect.any(String), lag: '0' },
        'identity-organizations': { position: expect.any(String), lag: '0' },
      },
    });
  });

  it('answers GET /user for the caller, checked against the spec', async () => {
    const ann = await server.createUser('ann@acme.io', 'Ann Example');
    const { data, status } = await server.as(ann.token).user.getAuthenticatedUser();
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/user', 200, data);
    expect(data).toEqual({
      object: 'user',
      id: ann.id,
      displayName: 'Ann Example',
      email: 'ann@acme.io',
      urls: { location: `${server.url}/v1/users/${ann.id}` },
    });
  });

  it('refuses a missing, malformed or unknown token with 401 and the error body', async () => {
    await expectStatus(server.as('folio_unknown').user.getAuthenticatedUser(), 401);
    for (const authorization of [undefined, 'Basic abc', 'Bearer']) {
      const { status, body } = await server.fetch('/v1/user', { headers: authorization ? { authorization } : {} });
      expect(status).toBe(401);
      expect(body).toEqual({ error: { code: 401, message: expect.any(String) } });
    }
  });

  it('answers unknown routes with 404 and the error body', async () => {
    const { status, body } = await server.fetch('/v1/nothing-here', { token: server.adminToken });
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 404, message: expect.any(String) } });
  });

  it.each([
    ['malformed JSON', '{"title": '],
    ['a null body', 'null'],
    ['an array body', '[{"title":"Acme"}]'],
    ['a scalar body', '"Acme"'],
  ])('refuses %s with 400 and writes nothing', async (_case, body) => {
    const before = await server.head();
    const response = await server.fetch('/v1/orgs', {
      method: 'POST',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect(await server.head()).toBe(before);
  });

  it('refuses a 2 MB body with 413 and the error body, writing nothing', async () => {
    const before = await server.head();
    const response = await server.fetch('/v1/orgs', {
      method: 'POST',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { code: 413, message: expect.any(String) } });
    expect(await server.head()).toBe(before);
  });

  it('refuses headers over Node’s limit with 431 and the error body, writing nothing', async () => {
    const before = await server.head();
    const answer = await rawRequest(server.url, { 'x-padding': 'x'.repeat(64 * 1024), authorization: `Bearer ${server.adminToken}` });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: 431, message: expect.any(String) } });
    expect(await server.head()).toBe(before);
  });

  it('answers bytes that are not HTTP with 400 and the error body', async () => {
    const url = new URL(server.url);
    const text = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(url.port), url.hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head, body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ error: { code: 400, message: expect.any(String) } });
  });

  it('treats an empty JSON body as no body', async () => {
    const response = await server.fetch('/v1/orgs', {
      method: 'POST',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(response.status).toBe(400);
    expect((response.body as { error: { message: string } }).error.message).toMatch(/title/);
  });

  it('echoes a request id, the caller’s when given, one made when a command needed it', async () => {
    const given = await server.fetch('/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await server.fetch('/v1/orgs', {
      method: 'POST',
      token: server.adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Identified' }),
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records the caller and the request in each event’s metadata', async () => {
    const response = await server.fetch('/v1/orgs', {
      method: 'POST',
      token: server.adminToken,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-audit-1' },
      body: JSON.stringify({ title: 'Audited' }),
    });
    const org = response.body as { id: string };
    const events = await server.events.readStream(`organization-${org.id}`);
    const admin = await server.as(server.adminToken).user.getAuthenticatedUser();
    expect(events.map((e) => e.type)).toEqual(['OrganizationCreated', 'MemberJoined']);
    expect(events[0].metadata).toMatchObject({
      actor: admin.data.id,
      source: 'api',
      correlationId: 'req-audit-1',
      occurredAt: '2026-03-01T09:00:00.000Z',
      schemaVersion: 1,
    });
    expect(events[0].eventId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** A POST through node:http, which sends headers of any size (fetch may refuse them first). */
function rawRequest(base: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const url = new URL('/v1/orgs', base);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end('{"title":"Never"}');
  });
}

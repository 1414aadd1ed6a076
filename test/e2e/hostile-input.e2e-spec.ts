import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { knownRoutes } from '@folio/platform/http/method-not-allowed';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { seedMain } from '../support/content-seed';
import { waitUntil } from '../support/processes';
import { startServer, TestServer } from '../support/server';

/** `{"a":{"a":…}}` or `[[…]]`, `depth` levels of objects or arrays, around `inner`. */
function nested(kind: 'object' | 'array', depth: number, inner = '1') {
  return kind === 'object' ? '{"a":'.repeat(depth) + inner + '}'.repeat(depth) : '['.repeat(depth) + inner + ']'.repeat(depth);
}

type Answer = { status: number; body: unknown; headers: Headers };

function expectErrorBody(response: Answer, status: number) {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: { code: status, message: expect.any(String) } },
  });
}

const message = (response: Answer) => (response.body as { error: { message: string } }).error.message;

describe('hostile and odd input', () => {
  let server: TestServer;
  let orgId: string;
  beforeAll(async () => {
    server = await startServer();
    orgId = (await server.as(server.adminToken).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
  });
  afterAll(() => server.stop());

  /** A raw request as the admin; `body` a string is sent as is, with the content type given (JSON unless said). */
  const send = (method: string, path: string, body?: string | Uint8Array, contentType: string | null = 'application/json') =>
    server.fetch(path, {
      method,
      token: server.adminToken,
      headers: contentType === null ? {} : { 'content-type': contentType },
      ...(body === undefined ? {} : { body }),
    });

  /** Sends a request that must be refused with `status` and the error body, writing nothing. */
  async function expectRefusal(status: number, method: string, path: string, body?: string | Uint8Array, contentType?: string | null) {
    const before = await server.head();
    const response = await send(method, path, body, contentType);
    expectErrorBody(response, status);
    expect(await server.head()).toBe(before);
    return message(response);
  }

  describe('deep bodies are refused by the parser, before validation', () => {
    it.each(['object', 'array'] as const)('a body nesting %ss 10,000 levels deep is a 400 on every kind of write', async (kind) => {
      const body = `{"title":${nested(kind, 10_000)}}`;
      for (const [method, path] of [
        ['POST', '/v1/orgs'],
        ['PATCH', `/v1/orgs/${orgId}`],
        ['POST', `/v1/orgs/${orgId}/spaces`],
        ['PUT', `/v1/orgs/${orgId}/teams`],
      ]) {
        expect(await expectRefusal(400, method, path, body)).toBe('The body nests objects or arrays deeper than 64 levels');
      }
    });

    it('draws the line at 64 levels: 64 reach validation, 65 do not', async () => {
      const at64 = await expectRefusal(400, 'POST', '/v1/orgs', `{"title":"Deep","extra":${nested('object', 63)}}`);
      expect(at64).toBe('property extra should not exist');
      const at65 = await expectRefusal(400, 'POST', '/v1/orgs', `{"title":"Deep","extra":${nested('array', 64)}}`);
      expect(at65).toMatch(/deeper than 64 levels/);
    });

    it('does not count brackets inside strings, escaped quotes and backslashes included', async () => {
      const title = `a"${'['.repeat(70)}\\"${'{'.repeat(70)}\\]`;
      const response = await send('POST', '/v1/orgs', JSON.stringify({ title }));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ title });
    });
  });

  describe('wide bodies', () => {
    const wide = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])));

    it('refuses an object of 60,000 properties with one short reason, before class-transformer copies it', async () => {
      const reason = await expectRefusal(400, 'POST', '/v1/orgs', wide(60_000));
      expect(reason).toBe('An object in the body has more than 1000 properties');
    });

    it('lists at most 20 reasons for a body wrong everywhere', async () => {
      const reason = await expectRefusal(400, 'POST', '/v1/orgs', wide(1000));
      expect(reason).toMatch(/^property k0 should not exist; .*; and \d+ more$/);
      expect(reason.length).toBeLessThan(1000);
    });
  });

  describe('prototype keys', () => {
    it.each([
      ['__proto__ at the top', '{"title":"Acme","__proto__":{"admin":true}}', '__proto__'],
      ['__proto__ written with escapes', '{"title":"Acme","\\u005f_proto__":{"admin":true}}', '__proto__'],
      ['__proto__ nested', '{"title":"Acme","mergeRules":{"type":"rules","rules":[{"__proto__":{"x":1}}]}}', '__proto__'],
      ['constructor.prototype', '{"title":"Acme","constructor":{"prototype":{"admin":true}}}', 'constructor'],
      ['prototype', '{"title":"Acme","prototype":{}}', 'prototype'],
    ])('refuses %s with 400, writing nothing', async (_case, body, key) => {
      expect(await expectRefusal(400, 'POST', '/v1/orgs', body)).toBe(`The body may not have a property named ${key}`);
      expect(await expectRefusal(400, 'PATCH', `/v1/orgs/${orgId}`, body)).toMatch(key);
    });
  });

  describe('content types: JSON or nothing', () => {
    const json = JSON.stringify({ title: 'Renamed' });
    it.each([
      ['text/plain', 'text/plain'],
      ['text/plain with a charset', 'text/plain;charset=UTF-8'],
      ['a form', 'application/x-www-form-urlencoded'],
      ['multipart', 'multipart/form-data; boundary=x'],
      ['octet-stream', 'application/octet-stream'],
      ['a Latin-1 JSON body', 'application/json; charset=latin1'],
      ['a UTF-16 JSON body', 'application/json; charset=utf-16'],
    ])('answers %s with 415 instead of judging the request as if it had no body', async (_case, contentType) => {
      expect(await expectRefusal(415, 'PATCH', `/v1/orgs/${orgId}`, json, contentType)).toMatch(/application\/json|UTF-8/);
    });

    it('answers a body with no content type, or one that does not parse, with 415', async () => {
      expect(await expectRefusal(415, 'PATCH', `/v1/orgs/${orgId}`, new TextEncoder().encode(json), null)).toBe(
        'A body needs a Content-Type: bodies are JSON (application/json)',
      );
      await expectRefusal(415, 'PATCH', `/v1/orgs/${orgId}`, json, 'json');
    });

    it('still answers 404 for an unknown path, whatever the body', async () => {
      expectErrorBody(await send('POST', '/v1/nothing-here', 'x', 'text/plain'), 404);
    });

    it.each(['application/json; charset=UTF-8', 'application/json;charset="utf8"', 'application/merge-patch+json', 'APPLICATION/JSON'])(
      'reads %s as JSON',
      async (contentType) => {
        const title = `Via ${contentType}`.slice(0, 40);
        const response = await send('PATCH', `/v1/orgs/${orgId}`, JSON.stringify({ title }), contentType);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ title });
      },
    );
  });

  describe('query strings', () => {
    it.each(['abc', '0', '1.5', '1001', '', '-1', '1e2', '0x10', ' 5'])('limit=%s answers one reason', async (limit) => {
      const response = await send('GET', `/v1/orgs?limit=${encodeURIComponent(limit)}`);
      expectErrorBody(response, 400);
      expect(message(response)).toBe('limit must be an integer from 1 to 1000');
    });

    it('judges the audit log’s smaller limit the same way', async () => {
      const response = await send('GET', `/v1/orgs/${orgId}/audit-events?limit=abc`);
      expectErrorBody(response, 400);
      expect(message(response)).toBe('limit must be an integer from 1 to 100');
      expect((await send('GET', `/v1/orgs/${orgId}/audit-events?limit=100`)).status).toBe(200);
    });

    it('refuses a parameter given twice where one value is expected', async () => {
      const response = await send('GET', '/v1/orgs?limit=1&limit=2');
      expectErrorBody(response, 400);
      expect(message(response)).toBe('limit must be given once');
      expect(message(await send('GET', `/v1/orgs/${orgId}/members?search=a&search=b&order=asc`))).toBe('search must be given once');
    });

    it('ignores unknown parameters, repeated or not, and still applies the known ones', async () => {
      const response = await send('GET', '/v1/orgs?limit=1&_=1700000000&utm_source=x&utm_source=y&__proto__=1&constructor=2');
      expect(response.status).toBe(200);
      expect((response.body as { items: unknown[] }).items).toHaveLength(1);
    });

    it('still refuses unknown body properties', async () => {
      expect(await expectRefusal(400, 'PATCH', `/v1/orgs/${orgId}`, '{"title":"Ok","utm_source":"x"}')).toBe(
        'property utm_source should not exist',
      );
    });

    it.each([
      ['500 repeated keys', Array(500).fill('limit=1').join('&')],
      ['500 distinct keys', Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&')],
    ])('refuses %s with 400 before the body is read', async (_case, query) => {
      expect(await expectRefusal(400, 'GET', `/v1/orgs?${query}`)).toMatch(/more than 100 parameters/);
      await expectRefusal(400, 'POST', `/v1/orgs?${query}`, JSON.stringify({ title: 'Never' }));
    });

    it('takes up to 100 parameters', async () => {
      const query = Array.from({ length: 100 }, (_, i) => `k${i}=1`).join('&');
      expect((await send('GET', `/v1/orgs?${query}`)).status).toBe(200);
    });

    it('never fails on malformed escapes', async () => {
      expect((await send('GET', '/v1/orgs?utm=%E0%A4%A&x=%')).status).toBe(200);
      expect(message(await send('GET', '/v1/orgs?limit=%E0%A4%A'))).toBe('limit must be an integer from 1 to 1000');
    });
  });

  describe('paths and methods', () => {
    it('reaches the same route with a trailing slash', async () => {
      const bare = await send('GET', '/v1/orgs');
      const slashed = await send('GET', '/v1/orgs/');
      expect(slashed.status).toBe(200);
      expect(slashed.body).toEqual(bare.body);
      expect((await send('GET', `/v1/orgs/${orgId}/`)).body).toMatchObject({ id: orgId });
      expect((await send('GET', '/health/')).status).toBe(200);
      const created = await send('POST', '/v1/orgs/', JSON.stringify({ title: 'Slashed' }));
      expect(created.status).toBe(201);
    });

    it.each([
      ['DELETE', '/v1/user', 'GET, HEAD'],
      ['DELETE', '/v1/user/', 'GET, HEAD'],
      ['PUT', '/v1/orgs', 'GET, HEAD, POST'],
      ['DELETE', '/v1/orgs/anyOrganizationId', 'GET, HEAD, PATCH'],
      ['GET', '/v1/orgs/anyOrganizationId/join', 'POST'],
      ['POST', '/health', 'GET, HEAD'],
    ])('answers %s %s with 405, Allow: %s and the error body', async (method, path, allow) => {
      const before = await server.head();
      for (const token of [server.adminToken, undefined]) {
        const response = await server.fetch(path, { method, token, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        expectErrorBody(response, 405);
        expect(response.headers.get('allow')).toBe(allow);
      }
      expect(await server.head()).toBe(before);
    });

    it('answers paths the router refuses with the error body', async () => {
      expectErrorBody(await send('GET', '/v1/orgs/%ZZ'), 400);
      expectErrorBody(await send('POST', '/v1/orgs/%E0%A4%A/join', '{}'), 400);
      expectErrorBody(await send('GET', `/v1/orgs/${'x'.repeat(200)}`), 414);
    });

    it('does not call an empty path parameter a wrong method: Nest serves no route there', async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await send(method, '/v1/orgs//');
        expectErrorBody(response, 404);
        expect(response.headers.get('allow')).toBeNull();
      }
    });

    it('ignores a body sent with GET, as Fastify reads none there', async () => {
      const body = nested('object', 10_000);
      const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
        const url = new URL(`${server.url}/v1/orgs?limit=1`);
        const req = request(
          { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'GET', headers: {
            authorization: `Bearer ${server.adminToken}`, 'content-type': 'text/plain', 'content-length': String(body.length) } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode, text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ count: 1 });
    });

    it('keeps 404 for a path no route matches, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await send(method, `/v1/orgs/${orgId}/nothing-here`);
        expectErrorBody(response, 404);
        expect(response.headers.get('allow')).toBeNull();
      }
    });
  });

  /**
   * Every write route of the running app (as Fastify registered it), path parameters filled with real
   * ids where the sweep has them, against every shape the parser and the query check must refuse
   * whatever the route does with a body: never a 500, always the error body, nothing written.
   */
  it('refuses every hostile shape on every write route, writing nothing', async () => {
    const api = server.as(server.adminToken);
    const member = await server.createUser('member@acme.io', 'Member');
    await server.as(member.token).orgs.joinOrganization(orgId);
    const ids: Record<string, string> = {
      organizationId: orgId,
      userId: member.id,
      spaceId: (await api.orgs.createSpace(orgId, { title: 'Handbook' })).data.id,
      collectionId: (await api.orgs.createCollection(orgId, { title: 'Guides' })).data.id,
      teamId: (await api.orgs.createOrganizationTeam(orgId, { title: 'Writers' })).data.id,
    };
    const fill = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? randomBytes(10).toString('hex'));
    const writes = knownRoutes(server.app.getHttpAdapter().getInstance()).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(30);

    const tooManyKeys = Array(500).fill('limit=1').join('&');
    const shapes: Array<[string, number, string | Uint8Array, string | null, string?]> = [
      ['10,000-deep objects', 400, `{"a":${nested('object', 10_000)}}`, 'application/json'],
      ['10,000-deep arrays', 400, `{"a":${nested('array', 10_000)}}`, 'application/json'],
      ['a 10,000-deep array body', 400, nested('array', 10_000), 'application/json'],
      ['65 levels', 400, nested('object', 65), 'application/json'],
      ['65 levels, mixed', 400, `{"a":[${nested('object', 63)}]}`, 'application/json'],
      ['1,001 properties', 400, JSON.stringify({ a: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])) }), 'application/json'],
      ['__proto__', 400, '{"__proto__":{"isAdmin":true}}', 'application/json'],
      ['escaped __proto__', 400, '{"\\u005f\\u005fproto\\u005f\\u005f":{"isAdmin":true}}', 'application/json'],
      ['constructor.prototype', 400, '{"constructor":{"prototype":{"isAdmin":true}}}', 'application/json'],
      ['a null body', 400, 'null', 'application/json'],
      ['an array body', 400, '[{"title":"x"}]', 'application/json'],
      ['a scalar body', 400, '"x"', 'application/json'],
      ['a huge number body', 400, '1' + '0'.repeat(400), 'application/json'],
      ['malformed JSON', 400, '{"title": ', 'application/json'],
      ['text/plain JSON', 415, '{"title":"x"}', 'text/plain'],
      ['a form body', 415, 'title=x', 'application/x-www-form-urlencoded'],
      ['no content type', 415, new TextEncoder().encode('{"title":"x"}'), null],
      ['a Latin-1 charset', 415, '{"title":"x"}', 'application/json; charset=iso-8859-1'],
      ['a UTF-16 charset', 415, '{"title":"x"}', 'application/json; charset=utf-16le'],
      ['octet-stream', 415, '{"title":"x"}', 'application/octet-stream'],
      ['500 repeated query keys', 400, '{}', 'application/json', `?${tooManyKeys}`],
    ];

    /** Routes that read a binary body (a zip): an octet-stream body reaches them, and a JSON text is not a zip (400). */
    const streamed = new Set(['POST /v1/spaces/:spaceId/import']);
    const before = await server.head();
    const failures: string[] = [];
    for (const route of writes) {
      const path = fill(route.url);
      for (const [name, refused, body, contentType, query = ''] of shapes) {
        const status = name === 'octet-stream' && streamed.has(`${route.method} ${route.url}`) ? 400 : refused;
        for (const slash of ['', '/']) {
          const response = await send(route.method, `${path}${slash}${query}`, body, contentType);
          const ok =
            response.status === status &&
            JSON.stringify(response.body) === JSON.stringify({ error: { code: status, message: message(response) } });
          if (!ok) failures.push(`${route.method} ${route.url}${slash} with ${name}: ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
      // Every method the path does not take answers 405 and names the ones it does.
      const taken = knownRoutes(server.app.getHttpAdapter().getInstance())
        .filter((r) => r.url === route.url)
        .map((r) => r.method);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !taken.includes(m))) {
        const response = await send(method, path, method === 'GET' ? undefined : '{}');
        if (response.status !== 405 || response.headers.get('allow') !== [...new Set(taken)].sort().join(', ')) {
          failures.push(`${method} ${route.url}: ${response.status} allow=${response.headers.get('allow')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await server.head()).toBe(before);
  }, 60_000);

  /**
   * Every route with a path parameter, each parameter in turn replaced by an unknown id or by a name every
   * plain object has (`__proto__`, `constructor`, …) while the others name things that exist: a 404 (a DELETE may answer
   * 204, nothing there), never a 5xx, nothing written. Writes carry a body valid for the route, so that
   * the id is what is judged.
   */
  it('finds nothing under an unknown id, or one that names something on every object, on every route, writing nothing', async () => {
    const json = async (method: string, path: string, body?: unknown) => {
      const response = await send(method, `/v1${path}`, body === undefined ? undefined : JSON.stringify(body));
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as Record<string, unknown> & { id: string };
    };
    const member = await server.createUser('proto@acme.io', 'Proto');
    await server.as(member.token).orgs.joinOrganization(orgId);
    const spaceId = (await json('POST', `/orgs/${orgId}/spaces`, { title: 'Prototype' })).id;
    await seedMain(server, member.id, spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Intro' }, document: markdownToDocument('Hello').document, now });
    });
    const space = await json('GET', `/spaces/${spaceId}`);
    const changeRequest = await json('POST', `/spaces/${spaceId}/change-requests`, { subject: 'Edits' });
    const comment = await json('POST', `/spaces/${spaceId}/comments`, { body: { markdown: 'x' } });
    const reply = await json('POST', `/spaces/${spaceId}/comments/${comment.id}/replies`, { body: { markdown: 'y' } });
    const crComment = await json('POST', `/spaces/${spaceId}/change-requests/${changeRequest.number}/comments`, { body: { markdown: 'x' } });
    const crReply = await json('POST', `/spaces/${spaceId}/change-requests/${changeRequest.number}/comments/${crComment.id}/replies`, { body: { markdown: 'y' } });
    const site = await json('POST', `/orgs/${orgId}/sites`, { title: 'Docs' });
    const section = await json('POST', `/orgs/${orgId}/sites/${site.id}/sections`, { spaceId });
    const group = await json('POST', `/orgs/${orgId}/sites/${site.id}/section-groups`, { title: 'G', sections: [section.id] });
    const shareLink = await json('POST', `/orgs/${orgId}/sites/${site.id}/share-links`, { name: 'Friends' });
    const elsewhere = { kind: 'external', url: 'https://example.com/' };
    const siteRedirect = await json('POST', `/orgs/${orgId}/sites/${site.id}/redirects`, { source: '/old', destination: elsewhere });
    const openapiSpec = await json('POST', `/orgs/${orgId}/openapi`, { slug: 'hostile-spec', source: { text: 'openapi: 3.1.0' } });
    // Its processing appends in the background: done before the sweep compares the log's head.
    await waitUntil(async () => (await json('GET', `/orgs/${orgId}/openapi/hostile-spec`)).processingState === 'complete', 'the spec processed');
    const audit = (await json('GET', `/orgs/${orgId}/audit-events?limit=1`)).items as { id: string }[];
    const real: Record<string, string> = {
      organizationId: orgId,
      userId: member.id,
      spaceId,
      collectionId: (await json('POST', `/orgs/${orgId}/collections`, { title: 'Guides' })).id,
      teamId: (await json('PUT', `/orgs/${orgId}/teams`, { title: 'Writers' })).id,
      inviteId: (await json('POST', `/orgs/${orgId}/link-invites`, { role: 'read' })).id,
      samlProviderId: (await json('POST', `/orgs/${orgId}/saml`, { label: 'Okta' })).id,
      webhookId: (await json('POST', `/orgs/${orgId}/webhooks`, { url: 'https://hooks.example.com/', events: ['*'] })).id,
      auditEventId: audit[0].id,
      siteId: site.id,
      siteSpaceId: (section.siteSpaces as { id: string }[])[0].id,
      sectionId: section.id,
      groupId: group.id,
      shareLinkId: shareLink.id,
      siteRedirectId: siteRedirect.id,
      specSlug: String(openapiSpec.slug),
      versionId: 'latest',
      changeRequestId: String(changeRequest.number),
      revisionId: String(space.revision),
      pageId: 'intro',
      fileId: 'nofile',
      reviewId: 'noreview',
      hash: 'nohash',
      subdomain: 'nosubdomain',
      hostname: 'no.such.hostname',
    };
    const inRequest = (path: string) => path.includes(':changeRequestId/comments');
    const ids = (path: string): Record<string, string> =>
      inRequest(path) ? { ...real, commentId: crComment.id, replyId: crReply.id } : { ...real, commentId: comment.id, replyId: reply.id };
    /** A body each write would take with real ids (`{}` for the others). */
    const BODIES: Record<string, unknown> = {
      'PATCH /v1/orgs/:organizationId/members/:userId': { role: 'read' },
      'POST /v1/orgs/:organizationId/invites': { emails: ['someone@acme.io'] },
      'POST /v1/orgs/:organizationId/link-invites': { role: 'read' },
      'PATCH /v1/orgs/:organizationId/link-invites/:inviteId': { role: 'edit' },
      'POST /v1/orgs/:organizationId/saml': { label: 'Okta' },
      'POST /v1/orgs/:organizationId/webhooks': { url: 'https://hooks.example.com/', events: ['*'] },
      'PUT /v1/orgs/:organizationId/teams': { title: 'Team' },
      'PATCH /v1/orgs/:organizationId/teams/:teamId': { title: 'Team' },
      'POST /v1/collections/:collectionId/move': { parent: null },
      'POST /v1/collections/:collectionId/permissions': { role: 'read', users: [member.id] },
      'POST /v1/collections/:collectionId/transfer': { organization: orgId },
      'POST /v1/spaces/:spaceId/move': { parent: null },
      'POST /v1/spaces/:spaceId/permissions': { role: 'read', users: [member.id] },
      'POST /v1/spaces/:spaceId/transfer': { organization: orgId },
      'POST /v1/spaces/:spaceId/content/template': { id: 'template' },
      'POST /v1/spaces/:spaceId/git/import': { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main' },
      'POST /v1/spaces/:spaceId/git/export': { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', commitMessage: 'Export' },
      'PUT /v1/spaces/:spaceId/git-sync': { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook' },
      'POST /v1/spaces/:spaceId/comments': { body: { markdown: 'x' } },
      'POST /v1/spaces/:spaceId/comments/:commentId/replies': { body: { markdown: 'x' } },
      'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/comments': { body: { markdown: 'x' } },
      'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies': { body: { markdown: 'x' } },
      'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/content': { changes: [{ operation: 'insert_page', title: 'New', document: { markdown: 'x' } }] },
      'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers': { users: [member.id] },
      'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews': { status: 'approved' },
      'PUT /v1/orgs/:organizationId/sites/:siteId/adaptive-schema': { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
      'PATCH /v1/orgs/:organizationId/sites/:siteId/structure/sort': { item: { type: 'site-section', id: section.id } },
      'POST /v1/orgs/:organizationId/sites/:siteId/site-spaces': { spaceId },
      'POST /v1/orgs/:organizationId/sites/:siteId/sections': { spaceId },
      'POST /v1/orgs/:organizationId/sites/:siteId/section-groups': { title: 'G' },
      'POST /v1/orgs/:organizationId/sites/:siteId/section-groups/:groupId/sections': { sectionId: section.id },
      'POST /v1/orgs/:organizationId/sites/:siteId/share-links': { name: 'Friends' },
      'PATCH /v1/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId': { name: 'Family' },
      'POST /v1/orgs/:organizationId/sites/:siteId/search': { query: 'x', scope: { mode: 'all' } },
      'POST /v1/orgs/:organizationId/sites/:siteId/redirects': { source: '/new', destination: elsewhere },
      'PUT /v1/orgs/:organizationId/sites/:siteId/redirects': { redirects: [{ source: '/new', destination: elsewhere }] },
      'PATCH /v1/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId': { permanent: true },
      'PUT /v1/orgs/:organizationId/sites/:siteId/hostname': { hostname: 'hostile.acme.test' },
      'POST /v1/orgs/:organizationId/openapi': { slug: 'another-spec', source: { text: 'openapi: 3.1.0' } },
      'PATCH /v1/orgs/:organizationId/openapi/:specSlug': { visibility: 'private' },
      'POST /v1/orgs/:organizationId/translations': { source: { space: spaceId, language: 'en' }, language: 'fr' },
      'PUT /v1/orgs/:organizationId/translations/:translationId': { instructions: { object: 'document', data: {}, nodes: [] } },
      'PUT /v1/orgs/:organizationId/translations-glossary': { operations: [] },
      'POST /v1/orgs/:organizationId/conversations': {
        id: 'c1',
        subject: 's',
        metadata: { attributes: {}, createdAt: '2026-01-01T00:00:00Z' },
        parts: [{ type: 'message', role: 'user', body: 'b' }],
      },
      'PUT /v1/orgs/:organizationId/agent-instructions': { instructions: { object: 'document', data: {}, nodes: [] } },
    };
    /**
     * The routes whose parameter is not an id looked up: a subdomain is a name with a format (a malformed one
     * is a 400, a free one a 404), a custom hostname a name no site holds, a file download is judged by its
     * signature first (403 unsigned), and a site's file by its hash (a malformed one is a 400, one the site
     * does not serve a 404).
     */
    const EXPECTED: Record<string, number[]> = {
      'GET /v1/subdomains/:subdomain': [400, 404],
      'GET /v1/files/:hash': [403],
      // A custom hostname is a name no site holds (not an id): nothing to read or revalidate, nothing removed.
      'GET /v1/custom-hostnames/:hostname': [404],
      'PATCH /v1/custom-hostnames/:hostname': [404],
      'DELETE /v1/custom-hostnames/:hostname': [204],
      'GET /v1/sites/:siteId/files/:hash': [400, 404],
      'GET /v1/sites/:siteId/files/:hash/:name': [400, 404],
      // A spec's slug is a name, not an id: PUT creates the spec it names, so the sweep sends it no source
      // (400, nothing written) rather than create one under every hostile name.
      'PUT /v1/orgs/:organizationId/openapi/:specSlug': [400],
      // The push webhook answers a space it cannot authenticate for (unknown, or not connected) as an unsigned delivery.
      'POST /v1/git-sync/hooks/:spaceId': [401],
    };
    /** Query strings a route needs besides its path. */
    const QUERIES: Record<string, string> = {
      'GET /v1/orgs/:organizationId/search': '?query=x',
      'GET /v1/spaces/:spaceId/search': '?query=x',
      'GET /v1/orgs/:organizationId/sites/:siteId/redirect': '?source=/old',
    };
    const routes = knownRoutes(server.app.getHttpAdapter().getInstance()).filter((r) => r.method !== 'HEAD' && r.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(100);

    const before = await server.head();
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const param of params) {
        for (const key of ['noSuchThing000000000', ...PROTOTYPE_KEYS]) {
          const values = { ...ids(route.url), [param]: key };
          const path = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'missing')).replace('/*', '/intro');
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(BODIES[`${route.method} ${route.url}`] ?? {});
          const response = await send(route.method, `${path}${QUERIES[`${route.method} ${route.url}`] ?? ''}`, body);
          const allowed = EXPECTED[`${route.method} ${route.url}`] ?? (route.method === 'DELETE' ? [404, 204] : [404]);
          if (!allowed.includes(response.status)) failures.push(`${route.method} ${route.url} with ${param}=${key}: ${response.status} ${JSON.stringify(response.body ?? null).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await server.head()).toBe(before);
  }, 240_000);
});


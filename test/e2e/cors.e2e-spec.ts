import { startServer, TestServer } from '../support/server';

const ALLOWED = 'https://docs.example.com';

/** CORS for CORS_ORIGINS only; none by default. */
describe('CORS', () => {
  describe('with configured origins', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({ env: { CORS_ORIGINS: `${ALLOWED},https://other.example.com` } });
    });
    afterAll(() => server.stop());

    it('lets an allowed origin read answers and the headers the API sends, refusals included', async () => {
      const ok = await server.fetch('/v1/user', { token: server.adminToken, headers: { origin: ALLOWED } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(ok.headers.get('vary')).toMatch(/origin/i);
      const exposed = ok.headers.get('access-control-expose-headers')!.toLowerCase().split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['etag', 'location', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-request-id']));
      const refused = await server.fetch('/v1/user', { headers: { origin: ALLOWED } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    });

    it('answers a preflight with 204 and the methods and headers it allows, before any token check', async () => {
      const preflight = await server.fetch('/v1/orgs/some-org', {
        method: 'OPTIONS',
        headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type, if-match' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.body).toBeUndefined();
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(preflight.headers.get('access-control-allow-methods')!.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']));
      const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'if-match', 'if-none-match', 'x-request-id']));
      expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    });

    it('gives an origin not listed no CORS header and no preflight', async () => {
      const other = await server.fetch('/v1/user', { token: server.adminToken, headers: { origin: 'https://evil.example.com' } });
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await server.fetch('/v1/user', { method: 'OPTIONS', headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' } });
      expect(preflight.status).toBe(404);
      expect(preflight.body).toEqual({ error: { code: 404, message: expect.any(String) } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('still answers an unknown path 404 and a wrong method 405', async () => {
      expect((await server.fetch('/v1/nothing-here', { token: server.adminToken })).status).toBe(404);
      const wrong = await server.fetch('/v1/user', { method: 'DELETE', token: server.adminToken });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    });
  });

  describe('by default', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(() => server.stop());

    it('sends no CORS header and answers no preflight', async () => {
      const got = await server.fetch('/v1/user', { token: server.adminToken, headers: { origin: ALLOWED } });
      expect(got.status).toBe(200);
      expect(got.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await server.fetch('/v1/user', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'GET' } });
      expect(preflight.status).toBe(405);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    });
  });
});

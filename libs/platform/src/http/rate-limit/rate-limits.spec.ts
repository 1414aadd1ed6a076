import Fastify, { FastifyInstance } from 'fastify';
import { AuthenticatedRequest } from '../auth.guard';
import { installRateLimits } from './rate-limits';

/**
 * The hook with a hand-moved clock, on a bare Fastify whose one route accepts the token `good` as the
 * Nest guard would (it sets the caller). No test sleeps.
 */
describe('installRateLimits', () => {
  let now: number;
  let app: FastifyInstance;
  beforeEach(async () => {
    now = 1_772_355_600_000;
    app = Fastify();
    installRateLimits(app, { token: { burst: 3, perSecond: 1 }, ip: { burst: 2, perSecond: 1 } }, () => now);
    app.get('/thing', async (request: AuthenticatedRequest, reply) => {
      if (request.headers.authorization !== 'Bearer good') return reply.code(401).send({ error: { code: 401, message: 'no' } });
      request.caller = { userId: 'u', source: 'api', correlationId: 'c' };
      return { ok: true };
    });
    app.get('/health', async () => ({ status: 'ok' }));
    await app.ready();
  });
  afterEach(() => app.close());

  const get = (url: string, token?: string, remoteAddress = '10.0.0.1') =>
    app.inject({ method: 'GET', url, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('charges an accepted token its own bucket, and a token not yet accepted its address', async () => {
    // First use: the token is not known yet, so the address pays (burst 2).
    expect((await get('/thing', 'good')).headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' });
    // Accepted: from now on its own bucket (burst 3), the address's is left alone.
    expect((await get('/thing', 'good')).headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });
    await get('/thing', 'good');
    await get('/thing', 'good');
    const refused = await get('/thing', 'good');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'retry-after': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 3) });
    expect(refused.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/token.*1 s/) } });
    expect((await get('/thing')).headers['x-ratelimit-remaining']).toBe('0');
    now += 1000;
    expect((await get('/thing', 'good')).statusCode).toBe(200);
  });

  it('limits a flood of made-up tokens by their address, and other addresses not at all', async () => {
    expect((await get('/thing', 'made-up-1')).statusCode).toBe(401);
    expect((await get('/thing', 'made-up-2')).statusCode).toBe(401);
    const refused = await get('/thing', 'made-up-3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/address/);
    expect((await get('/thing', 'made-up-4', '10.0.0.2')).statusCode).toBe(401);
  });

  it('never limits health checks', async () => {
    for (let i = 0; i < 5; i++) {
      const health = await get('/health');
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

import { startServer, TestServer } from '../support/server';

/** Sends `send` until it is refused with 429 (at most a few times the burst); answers the refusal. */
async function spend(send: () => ReturnType<TestServer['fetch']>, burst: number) {
  for (let i = 0; i < burst * 4; i++) {
    const response = await send();
    if (response.status === 429) return response;
  }
  throw new Error('never refused');
}

/**
 * Token buckets per accepted token and per address, with slow refills (one request back every 2 s) so
 * that a burst is spent long before any of it comes back, even on a loaded machine. Every loop that
 * spends a bucket stops at its first 429 and is bounded; nothing here asserts timing.
 */
describe('rate limits', () => {
  const BURST = 8;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: { RATE_LIMIT_TOKEN_BURST: String(BURST), RATE_LIMIT_TOKEN_PER_S: '0.5', RATE_LIMIT_IP_BURST: String(BURST), RATE_LIMIT_IP_PER_S: '0.5' },
    });
  });
  afterAll(() => server.stop());

  function expectLimitHeaders(headers: Headers) {
    expect(headers.get('x-ratelimit-limit')).toBe(String(BURST));
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    expect(Number.isInteger(remaining) && remaining >= 0 && remaining < BURST).toBe(true);
    // GitHub's meaning: the epoch second the bucket is full again, at most BURST / rate seconds away.
    const reset = Number(headers.get('x-ratelimit-reset'));
    const nowSeconds = Date.now() / 1000;
    expect(reset).toBeGreaterThanOrEqual(Math.floor(nowSeconds) - 1);
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds + BURST / 0.5) + 1);
  }

  it('sends the limit headers on every answer, refusals included, and none on health checks', async () => {
    const ann = await server.createUser('ann@example.com');
    const answers = [
      await server.fetch('/v1/user', { token: ann.token }),
      await server.fetch('/v1/user', { token: ann.token }),
      await server.fetch('/v1/orgs/no-such-org', { token: ann.token }),
      await server.fetch('/v1/user', { method: 'DELETE', token: ann.token }),
      await server.fetch('/v1/user'),
      await server.fetch('/v1/user', { token: 'made-up' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 405, 401, 401]);
    for (const answer of answers) expectLimitHeaders(answer.headers);
    const health = await server.fetch('/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('refuses a token past its burst with 429, Retry-After and the error body, leaves other tokens alone, and lets it in again once refilled', async () => {
    const bob = await server.createUser('bob@example.com');
    const cat = await server.createUser('cat@example.com');
    expect((await server.fetch('/v1/user', { token: cat.token })).status).toBe(200);

    const refused = await spend(() => server.fetch('/v1/user', { token: bob.token }), BURST);
    expect(refused.body).toEqual({ error: { code: 429, message: expect.stringMatching(/token/) } });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 2).toBe(true);
    expectLimitHeaders(refused.headers);

    // Another token has its own bucket.
    const other = await server.fetch('/v1/user', { token: cat.token });
    expect(other.status).toBe(200);
    expect(Number(other.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);

    // After waiting, bob gets through again (bounded poll; one request back every 2 s).
    const deadline = Date.now() + 15_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await server.fetch('/v1/user', { token: bob.token })).status;
    }
    expect(status).toBe(200);
  });

  it('limits requests without an accepted token per address, made-up tokens included, but not accepted tokens', async () => {
    const dan = await server.createUser('dan@example.com');
    expect((await server.fetch('/v1/user', { token: dan.token })).status).toBe(200);

    // X-Forwarded-For is no way out: no proxy is trusted (TRUST_PROXY unset), so the peer's address pays.
    let n = 0;
    const send = () => server.fetch('/v1/user', { headers: { 'x-forwarded-for': `203.0.113.${n}` }, ...(n++ % 2 === 0 ? {} : { token: `made-up-${n}` }) });
    const refused = await spend(send, BURST);
    expect(refused.body).toEqual({ error: { code: 429, message: expect.stringMatching(/address/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await server.fetch('/v1/user', { token: `made-up-again` })).status).toBe(429);

    // dan's token was accepted before: it has its own bucket, untouched by the address's.
    expect((await server.fetch('/v1/user', { token: dan.token })).status).toBe(200);
  });
});

/** Behind a trusted proxy (TRUST_PROXY), each client the proxy names has its own address bucket. */
describe('rate limits behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_IP_BURST: '4', RATE_LIMIT_IP_PER_S: '0.5' } });
  });
  afterAll(() => server.stop());

  it('limits each forwarded client by its own address', async () => {
    const from = (client: string) => server.fetch('/v1/user', { headers: { 'x-forwarded-for': client } });
    const refused = await spend(() => from('203.0.113.7'), 4);
    expect(refused.body).toEqual({ error: { code: 429, message: expect.stringMatching(/address/) } });
    const other = await from('203.0.113.8');
    expect(other.status).toBe(401);
    expect(other.headers.get('x-ratelimit-limit')).toBe('4');
  });
});

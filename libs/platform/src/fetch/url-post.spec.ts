import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { anyAddress, publicAddressesOnly } from './address-policy';
import { FetchFailed, postUrl } from './url-fetch';

describe('postUrl', () => {
  let server: LocalHttpServer;
  let received: { method: string; url: string; body: string; headers: Record<string, unknown> }[];

  beforeEach(async () => {
    received = [];
    server = await startLocalHttpServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
      received.push({ method: request.method!, url: request.url!, body: Buffer.concat(chunks).toString(), headers: request.headers });
      if (request.url === '/moved') response.writeHead(302, { location: '/elsewhere' }).end();
      else if (request.url === '/busy') response.writeHead(429, { 'retry-after': '7' }).end('slow down');
      else if (request.url === '/drop') response.destroy();
      else if (request.url === '/silent') return;
      else response.writeHead(204).end();
    });
  });
  afterEach(() => server.close());

  const post = (path: string, options: Partial<Parameters<typeof postUrl>[3]> = {}, cancel?: AbortSignal) =>
    postUrl(`${server.url}${path}`, Buffer.from('{"a":1}'), { 'content-type': 'application/json', 'x-test': 'yes' }, { allowAddress: anyAddress, timeoutMs: 30_000, ...options }, cancel);

  it('POSTs the body with the headers given, and answers the status and headers', async () => {
    const answer = await post('/hook');
    expect(answer.statusCode).toBe(204);
    expect(received).toEqual([{ method: 'POST', url: '/hook', body: '{"a":1}', headers: expect.objectContaining({ 'content-type': 'application/json', 'x-test': 'yes', 'content-length': '7' }) }]);
    expect((await post('/busy')).headers['retry-after']).toBe('7');
  });

  it('does not follow a redirect: it is the answer', async () => {
    expect((await post('/moved')).statusCode).toBe(302);
    expect(received.map((r) => r.url)).toEqual(['/moved']);
  });

  it('refuses an address the policy refuses, without connecting, saying so', async () => {
    const refusal = await post('/hook', { allowAddress: publicAddressesOnly }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FetchFailed);
    expect(refusal).toMatchObject({ refused: true, timedOut: false, message: '127.0.0.1, a loopback address, which Folio does not fetch from' });
    expect(received).toEqual([]);
  });

  it('tells a dropped connection and a timeout from a refusal', async () => {
    await expect(post('/drop')).rejects.toMatchObject({ refused: false, timedOut: false, message: expect.stringMatching(/could not reach 127\.0\.0\.1:\d+: ECONNRESET/) });
    await expect(post('/silent', { timeoutMs: 200 })).rejects.toMatchObject({ refused: false, timedOut: true });
  });

  it('stops when cancelled (a shutdown), with the cancellation rather than a failure of the receiver', async () => {
    const cancel = new AbortController();
    const posting = post('/silent', {}, cancel.signal);
    while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    cancel.abort();
    const error = await posting.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(FetchFailed);
    expect(cancel.signal.aborted).toBe(true);
  });
});

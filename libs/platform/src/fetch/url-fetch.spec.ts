import { Invalid } from '@folio/platform/domain/errors';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { anyAddress, publicAddressesOnly } from './address-policy';
import { FetchFailed, fetchUrl, UrlFetchOptions } from './url-fetch';

/** What a test server is trusted as: the loopback address the servers listen on, and public addresses. */
const loopbackToo = (address: string) => address === '127.0.0.1' || publicAddressesOnly(address);
const options = (more: Partial<UrlFetchOptions> = {}): UrlFetchOptions => ({ allowAddress: anyAddress, timeoutMs: 30_000, maxBytes: 1000, ...more });

describe('fetchUrl', () => {
  let server: LocalHttpServer;
  let requests: string[];
  let hosts: string[];

  beforeEach(async () => {
    requests = [];
    hosts = [];
    server = await startLocalHttpServer((request, response) => {
      requests.push(request.url!);
      hosts.push(request.headers.host!);
      const url = new URL(request.url!, 'http://x');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (url.pathname === '/hello') response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello');
      else if (url.pathname === '/redirect' && hops > 0) response.writeHead(302, { location: `/redirect?hops=${hops - 1}` }).end();
      else if (url.pathname === '/redirect') response.writeHead(200).end('arrived');
      else if (url.pathname === '/to-metadata') response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (url.pathname === '/declared-large') response.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
      else if (url.pathname === '/streamed') {
        // No Content-Length: only counting while reading catches the size.
        const size = Number(url.searchParams.get('size'));
        response.writeHead(200);
        for (let sent = 0; sent < size; sent += 100) response.write(Buffer.alloc(Math.min(100, size - sent)));
        response.end();
      } else if (url.pathname === '/silent') {
        // Never answers: only the timeout ends the fetch.
      } else if (url.pathname === '/stalls') response.writeHead(200).write('a first chunk, then nothing');
      else response.writeHead(404).end();
    });
  });
  afterEach(() => server.close());

  it('fetches the body and the media type of a URL', async () => {
    const fetched = await fetchUrl(`${server.url}/hello`, options());
    expect(fetched.bytes.toString()).toBe('hello');
    expect(fetched.contentType).toBe('text/plain; charset=utf-8');
  });

  it('refuses a loopback address by default, without connecting', async () => {
    const fetching = fetchUrl(`${server.url}/hello`, options({ allowAddress: publicAddressesOnly }));
    await expect(fetching).rejects.toThrow(new Invalid('127.0.0.1, a loopback address, which Folio does not fetch from'));
    expect(requests).toEqual([]);
  });

  it('refuses an IPv4-mapped IPv6 loopback address', async () => {
    await expect(fetchUrl(`http://[::ffff:127.0.0.1]:${server.port}/hello`, options({ allowAddress: publicAddressesOnly }))).rejects.toThrow(
      // The URL parser writes it in hex.
      '::ffff:7f00:1, a loopback address',
    );
    expect(requests).toEqual([]);
  });

  it('refuses a name that resolves to a private address, or to a private one among public ones', async () => {
    const resolving = (addresses: string[]) => options({ allowAddress: publicAddressesOnly, resolve: async () => addresses });
    await expect(fetchUrl('http://intranet.example/', resolving(['10.0.0.5']))).rejects.toThrow(
      'intranet.example resolves to 10.0.0.5, a private address, which Folio does not fetch from',
    );
    await expect(fetchUrl('http://mixed.example/', resolving(['8.8.8.8', '169.254.169.254']))).rejects.toThrow('mixed.example resolves to 169.254.169.254, a linkLocal address');
  });

  it('connects to the address it checked, never resolving the name again', async () => {
    // The name resolves nowhere but through the checked resolution: the request can only have gone to its answer.
    const resolved: string[] = [];
    const resolve = async (host: string) => (resolved.push(host), ['127.0.0.1']);
    const fetched = await fetchUrl(`http://files.folio-test.invalid:${server.port}/hello`, options({ resolve }));
    expect(fetched.bytes.toString()).toBe('hello');
    expect(resolved).toEqual(['files.folio-test.invalid']);
    expect(hosts).toEqual([`files.folio-test.invalid:${server.port}`]);
  });

  it('follows three redirects and refuses a fourth', async () => {
    expect((await fetchUrl(`${server.url}/redirect?hops=3`, options())).bytes.toString()).toBe('arrived');
    requests = [];
    await expect(fetchUrl(`${server.url}/redirect?hops=4`, options())).rejects.toThrow(/redirects more than 3 times/);
    expect(requests).toHaveLength(4);
  });

  it('checks every redirect: one to the cloud metadata address is refused', async () => {
    await expect(fetchUrl(`${server.url}/to-metadata`, options({ allowAddress: loopbackToo }))).rejects.toThrow(
      new Invalid('169.254.169.254, a linkLocal address, which Folio does not fetch from'),
    );
  });

  it('refuses an answer that is not 2xx, naming the status', async () => {
    await expect(fetchUrl(`${server.url}/missing`, options())).rejects.toThrow(new Invalid(`${server.url}/missing answered 404 Not Found`));
  });

  it('takes a body of exactly the cap and refuses a larger one, declared or streamed', async () => {
    expect((await fetchUrl(`${server.url}/streamed?size=1000`, options())).bytes).toHaveLength(1000);
    await expect(fetchUrl(`${server.url}/declared-large`, options())).rejects.toThrow(/sends more than 1000 bytes/);
    await expect(fetchUrl(`${server.url}/streamed?size=1001`, options())).rejects.toThrow(/sends more than 1000 bytes/);
  });

  it('gives up when the server does not answer within the timeout', async () => {
    await expect(fetchUrl(`${server.url}/silent`, options({ timeoutMs: 200 }))).rejects.toThrow(
      new Invalid(`fetching ${server.url}/silent took longer than 0.2 s`),
    );
  }, 60_000);

  it('gives up when the body stops coming within the timeout', async () => {
    await expect(fetchUrl(`${server.url}/stalls`, options({ timeoutMs: 200 }))).rejects.toThrow(/took longer than 0.2 s/);
  }, 60_000);

  it('tells a timeout from the other failures (background processing reports them apart)', async () => {
    await expect(fetchUrl(`${server.url}/silent`, options({ timeoutMs: 200 }))).rejects.toMatchObject({ timedOut: true });
    await expect(fetchUrl(`${server.url}/missing`, options())).rejects.toMatchObject({ timedOut: false, message: `${server.url}/missing answered 404 Not Found` });
    await expect(fetchUrl(`${server.url}/hello`, options({ allowAddress: publicAddressesOnly }))).rejects.toBeInstanceOf(FetchFailed);
  }, 60_000);

  it('refuses what is not an http(s) URL, and URLs with credentials', async () => {
    await expect(fetchUrl('file:///etc/passwd', options())).rejects.toThrow(new Invalid('file URLs cannot be fetched, only http and https'));
    await expect(fetchUrl('ftp://example.com/a', options())).rejects.toThrow(/ftp URLs cannot be fetched/);
    await expect(fetchUrl('http://user:pw@example.com/', options())).rejects.toThrow(/credentials/);
    await expect(fetchUrl('not a url', options())).rejects.toThrow(/is not a URL/);
  });

  it('says when the server cannot be reached', async () => {
    const { url } = server;
    await server.close();
    await expect(fetchUrl(`${url}/hello`, options())).rejects.toThrow(new Invalid(`could not fetch ${url}/hello: ECONNREFUSED`));
    server = await startLocalHttpServer(() => undefined);
  });
});

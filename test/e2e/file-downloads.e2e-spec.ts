import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { FileUrls } from '@folio/content/files/file-urls';
import { startServer, TestServer } from '../support/server';

/** Ten bytes, so ranges are easy to read. */
const BYTES = Buffer.from('0123456789');

describe('file downloads (signed URLs)', () => {
  let server: TestServer;
  let urls: FileUrls;
  let hash: string;
  let url: string;

  beforeAll(async () => {
    server = await startServer();
    urls = server.app.get(FileUrls);
    [hash] = await server.app.get<ContentObjectStore>(CONTENT_OBJECT_STORE).put([BYTES]);
  }, 60_000);
  afterAll(() => server.stop());
  beforeEach(() => {
    url = urls.downloadUrl({ object: hash, name: 'Résumé "final".txt', contentType: 'text/plain; charset=utf-8' });
  });

  /** A request with no token: the signature is the permission. */
  const get = (target: string, headers: Record<string, string> = {}) => fetch(target, { headers });
  const tampered = (key: string, value: string) => {
    const changed = new URL(url);
    changed.searchParams.set(key, value);
    return changed.href;
  };

  async function expectForbidden(target: string, message: RegExp) {
    const response = await get(target);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 403, message: expect.stringMatching(message) } });
  }

  it('serves the bytes without a token, with their type, length, ETag and name', async () => {
    expect(url.startsWith(`${server.url}/v1/files/${hash}?`)).toBe(true);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BYTES);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '10',
      etag: `"${hash}"`,
      'accept-ranges': 'bytes',
      'content-disposition': `inline; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('serves a single range with 206, a suffix range, and the whole file for several ranges', async () => {
    const middle = await get(url, { range: 'bytes=2-5' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(middle.headers.get('content-length')).toBe('4');
    expect(await middle.text()).toBe('2345');

    const tail = await get(url, { range: 'bytes=-3' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 7-9/10');
    expect(await tail.text()).toBe('789');

    const several = await get(url, { range: 'bytes=0-1,4-5' });
    expect(several.status).toBe(200);
    expect(await several.text()).toBe('0123456789');
  });

  it('answers 416 for a range past the end, saying how long the file is', async () => {
    const response = await get(url, { range: 'bytes=10-' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */10');
    expect(await response.json()).toEqual({ error: { code: 416, message: expect.stringMatching(/outside the file's 10 bytes/) } });
  });

  it('sends the whole file when If-Range names another version', async () => {
    const response = await get(url, { range: 'bytes=2-5', 'if-range': '"another"' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('0123456789');
    expect((await get(url, { range: 'bytes=2-5', 'if-range': `"${hash}"` })).status).toBe(206);
  });

  it('answers 304 with no body when the client has this version', async () => {
    for (const tag of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`, '*']) {
      const response = await get(url, { 'if-none-match': tag });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(`"${hash}"`);
      expect(await response.text()).toBe('');
    }
    expect((await get(url, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('refuses a link whose name, type or signature was changed, or that lacks its signature', async () => {
    // Same bytes as HTML: the type is signed, so a link cannot be bent into serving a page.
    await expectForbidden(tampered('type', 'text/html'), /signature does not match/);
    await expectForbidden(tampered('name', 'other.txt'), /signature does not match/);
    await expectForbidden(tampered('signature', 'A'.repeat(43)), /signature does not match/);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    await expectForbidden(unsigned.href, /needs one name, type, expires and signature/);
    await expectForbidden(url.replace(hash, 'b'.repeat(64)), /signature does not match/);
  });

  it('answers 404 for a signed link to bytes that are not stored', async () => {
    const response = await get(urls.downloadUrl({ object: 'c'.repeat(64), name: 'gone.txt', contentType: 'text/plain' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 404, message: expect.any(String) } });
  });

  it('lets caches keep a copy only while the link is valid, and refuses it once expired', async () => {
    server.clock.advance(45 * 60_000);
    expect((await get(url)).headers.get('cache-control')).toBe('private, max-age=900');
    server.clock.advance(15 * 60_000);
    await expectForbidden(url, /expired/);
    // A fresh link works again.
    expect((await get(urls.downloadUrl({ object: hash, name: 'a.txt', contentType: 'text/plain' }))).status).toBe(200);
  });
});

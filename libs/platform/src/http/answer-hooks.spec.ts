import Fastify, { FastifyInstance } from 'fastify';
import { gzipSync, gunzipSync } from 'node:zlib';
import { installAnswerHooks } from './answer-hooks';
import { withETag } from './etag';
import { JsonBytes } from './json-bytes';
import { installRawJsonSerializer } from './raw-json';

class Kept extends JsonBytes {
  constructor(
    private readonly text: string,
    private readonly compressed: boolean,
  ) {
    super();
  }

  json(): Buffer {
    return Buffer.from(this.text);
  }

  gzipped(): Buffer | null {
    return this.compressed ? gzipSync(this.text) : null;
  }
}

/** The answer hooks on a bare Fastify with the app's serializer, as createApp installs them. */
describe('installAnswerHooks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : '') });
    installAnswerHooks(app);
    installRawJsonSerializer(app);
    app.get('/kept', async () => new Kept('{"title":"Ann"}', true));
    app.get('/kept-plain', async () => new Kept('{"title":"Bob"}', false));
    app.get('/resource', async () => withETag({ id: 'r' }, 7n));
    app.get('/list', async () => ({ items: [1, 2] }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends an answer already serialized as its bytes, gzipped only to a client that accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/kept' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding', 'content-length': '15' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('{"title":"Ann"}');
    const gzipped = await app.inject({ method: 'GET', url: '/kept', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('{"title":"Ann"}');
    // No gzipped copy yet: the JSON, whatever the client accepts.
    const notYet = await app.inject({ method: 'GET', url: '/kept-plain', headers: { 'accept-encoding': 'gzip' } });
    expect(notYet.headers['content-encoding']).toBeUndefined();
    expect(notYet.body).toBe('{"title":"Bob"}');
    // Bytes get no weak ETag: only serialized text is hashed.
    expect(plain.headers.etag).toBeUndefined();
  });

  it('sends a marked resource’s ETag, and answers a matching If-None-Match with 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/resource' });
    expect(first.headers.etag).toBe('"7"');
    expect(first.json()).toEqual({ id: 'r' });
    const again = await app.inject({ method: 'GET', url: '/resource', headers: { 'if-none-match': 'W/"7"' } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe('"7"');
  });

  it('gives other GET answers a weak ETag of their text, and echoes a request id only when there is one', async () => {
    const list = await app.inject({ method: 'GET', url: '/list', headers: { 'x-request-id': 'abc' } });
    expect(list.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(list.headers['x-request-id']).toBe('abc');
    const again = await app.inject({ method: 'GET', url: '/list', headers: { 'if-none-match': list.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-request-id']).toBeUndefined();
  });
});

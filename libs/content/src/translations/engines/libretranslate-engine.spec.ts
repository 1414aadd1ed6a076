import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { LibreTranslateEngine } from './libretranslate-engine';
import { EngineFailed } from './translation-engine';
import { translatePage } from '../translate-page';

interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  body: Record<string, unknown> | null;
}

const LANGUAGES = ['en', 'es', 'fr', 'pb', 'pt', 'zh', 'zt', 'nb'];

/**
 * A server answering as LibreTranslate does (its /languages and /translate, `q` an array, `{error}` bodies):
 * it "translates" by upper-casing the text outside tags and prefixing the target code.
 */
function libreTranslate(seen: Seen[], options: { apiKey?: string; status?: number; error?: string; answer?: unknown } = {}) {
  return (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      seen.push({ method: request.method, url: request.url, contentType: request.headers['content-type'], body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'GET' && request.url === '/languages') {
        return send(200, LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES.filter((c) => c !== code) })));
      }
      if (request.method !== 'POST' || request.url !== '/translate') return send(404, { error: 'Not Found' });
      if (options.status) return send(options.status, { error: options.error });
      if (options.apiKey && body?.api_key !== options.apiKey) return send(403, { error: 'Visit https://portal.libretranslate.com to get an API key' });
      const q = body?.q;
      if (q === undefined) return send(400, { error: 'Invalid request: missing q parameter' });
      if (!LANGUAGES.includes(String(body?.target))) return send(400, { error: `${String(body?.target)} is not supported` });
      const texts = Array.isArray(q) ? (q as string[]) : [q as string];
      const translated = texts.map((t) => `${String(body?.target)}:` + t.split(/(<[^>]*>)/).map((part, i) => (i % 2 ? part : part.toUpperCase())).join(''));
      send(200, { translatedText: options.answer ?? (Array.isArray(q) ? translated : translated[0]) });
    });
  };
}

describe('LibreTranslateEngine', () => {
  let server: LocalHttpServer;
  afterEach(() => server?.close());

  it('sends every text in one POST /translate with the pair, the format and the key, and reads the answers in order', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(libreTranslate(seen, { apiKey: 'k1' }));
    const engine = new LibreTranslateEngine(server.url, 'k1');
    const answers = await engine.translate({ texts: ['Hello <m1>world</m1>', 'Bye'], from: 'en', to: 'es', format: 'html' });
    expect(answers).toEqual(['es:HELLO <m1>WORLD</m1>', 'es:BYE']);
    expect(seen).toEqual([
      { method: 'GET', url: '/languages', contentType: undefined, body: null },
      { method: 'POST', url: '/translate', contentType: 'application/json', body: { q: ['Hello <m1>world</m1>', 'Bye'], source: 'en', target: 'es', format: 'html', api_key: 'k1' } },
    ]);
    // The server's languages are asked once.
    await engine.translate({ texts: ['Again'], from: 'en', to: 'fr', format: 'text' });
    expect(seen.map((s) => s.url)).toEqual(['/languages', '/translate', '/translate']);
    expect(seen[2].body).toEqual({ q: ['Again'], source: 'en', target: 'fr', format: 'text', api_key: 'k1' });
  });

  it.each([
    ['pt-br', 'pb'],
    ['zh-tw', 'zt'],
    ['zh', 'zh'],
    ['no', 'nb'],
  ] as const)('names %s as the server does (%s)', async (language, code) => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(libreTranslate(seen));
    await new LibreTranslateEngine(server.url).translate({ texts: ['Hi'], from: 'en', to: language, format: 'text' });
    expect(seen[1].body).toMatchObject({ target: code });
    expect(seen[1].body).not.toHaveProperty('api_key');
  });

  it('says which languages the server offers when it lacks one, after asking it again', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(libreTranslate(seen));
    const failure = new LibreTranslateEngine(server.url).translate({ texts: ['Hi'], from: 'en', to: 'ja', format: 'text' });
    await expect(failure).rejects.toThrow(new EngineFailed(`LibreTranslate at ${server.url} cannot translate from en into ja (it offers: ${LANGUAGES.join(', ')}); install that pair's model on the server`));
    expect(seen.map((s) => s.url)).toEqual(['/languages', '/languages']);
  });

  it.each([
    [403, undefined, 'LibreTranslate refused Folio\'s API key (TRANSLATION_API_KEY is missing or wrong): Visit https://portal.libretranslate.com to get an API key'],
    [429, 'Slowdown: 10 per 1 minute', 'LibreTranslate is limiting how fast Folio may translate (Slowdown: 10 per 1 minute): run the translation again later, or raise the server\'s limits'],
    [500, 'Cannot translate text: model failed', 'LibreTranslate failed to translate (HTTP 500): Cannot translate text: model failed'],
    [400, 'Invalid request: missing q parameter', 'LibreTranslate refused the request: Invalid request: missing q parameter'],
  ])('fails with what the server said on %s', async (status, error, message) => {
    server = await startLocalHttpServer(libreTranslate([], status === 403 ? { apiKey: 'right' } : { status, error }));
    await expect(new LibreTranslateEngine(server.url, 'wrong').translate({ texts: ['Hi'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(new EngineFailed(message));
  });

  it('fails on an answer of another shape or count', async () => {
    server = await startLocalHttpServer(libreTranslate([], { answer: ['only one'] }));
    await expect(new LibreTranslateEngine(server.url).translate({ texts: ['a', 'b'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(
      new EngineFailed('LibreTranslate answered 1 translations for 2 texts'),
    );
  });

  it('fails when the server cannot be reached, or does not answer in time', async () => {
    server = await startLocalHttpServer(() => undefined);
    const silent = new LibreTranslateEngine(server.url, undefined, { timeoutMs: 200, maxBytes: 1000 });
    await expect(silent.translate({ texts: ['a'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(new EngineFailed(`LibreTranslate at ${server.url} did not answer within 0.2 s`));
    const url = server.url;
    await server.close();
    await expect(new LibreTranslateEngine(url).translate({ texts: ['a'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(/LibreTranslate at http:\/\/127\.0\.0\.1:\d+ cannot be reached \(.+\): check that it runs and the URL/);
  });

  it('stops reading an answer past its size bound', async () => {
    server = await startLocalHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ code: 'x'.repeat(5000) }]));
    });
    const engine = new LibreTranslateEngine(server.url, undefined, { timeoutMs: 15_000, maxBytes: 1000 });
    await expect(engine.translate({ texts: ['a'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(new EngineFailed(`LibreTranslate at ${server.url} answered more than 1000 bytes`));
  });

  it('translates a page through the server, its marks and links kept', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(libreTranslate(seen));
    const leaf = (text: string, marks: { object: 'mark'; type: 'bold' }[] = []) => ({ object: 'leaf' as const, text, marks });
    const link = { object: 'inline' as const, type: 'link' as const, data: { ref: { kind: 'url' as const, url: 'https://example.com' } }, nodes: [{ object: 'text' as const, leaves: [leaf('the guide')] }] };
    const paragraph = { object: 'block' as const, type: 'paragraph' as const, key: 'p', nodes: [{ object: 'text' as const, leaves: [leaf('Read '), leaf('this', [{ object: 'mark', type: 'bold' }])] }, link, { object: 'text' as const, leaves: [leaf('.')] }] };
    const { page, words } = await translatePage({ page: { title: 'Hello', document: { object: 'document', data: {}, nodes: [paragraph] } }, from: 'en', to: 'pt-br', glossary: [] }, new LibreTranslateEngine(server.url));
    expect(page.title).toBe('pb:HELLO');
    expect(page.document!.nodes[0]).toEqual({
      ...paragraph,
      nodes: [{ object: 'text', leaves: [leaf('pb:READ '), leaf('THIS', [{ object: 'mark', type: 'bold' }])] }, { ...link, nodes: [{ object: 'text', leaves: [leaf('THE GUIDE')] }] }, { object: 'text', leaves: [leaf('.')] }],
    });
    expect(words).toBe(5);
    expect(seen.filter((s) => s.url === '/translate').map((s) => s.body)).toEqual([
      { q: ['Read <m1>this</m1><l2>the guide</l2>.'], source: 'en', target: 'pb', format: 'html' },
      { q: ['Hello'], source: 'en', target: 'pb', format: 'text' },
    ]);
  });
});

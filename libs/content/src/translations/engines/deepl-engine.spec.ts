import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { deeplBaseUrl, DeepLEngine } from './deepl-engine';
import { EngineFailed } from './translation-engine';
import { translatePage } from '../translate-page';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: Record<string, unknown>;
}

/**
 * A server answering as DeepL's API v2 does: POST /v2/translate with `DeepL-Auth-Key`, `{translations:
 * [{detected_source_language, text}]}`, `{message}` on errors (403 for a wrong key, 456 quota, 429).
 */
function deepl(seen: Seen[], options: { status?: number; message?: string; answer?: unknown } = {}) {
  return (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, contentType: request.headers['content-type'], body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method !== 'POST' || request.url !== '/v2/translate') return send(404, { message: 'Not found' });
      if (request.headers.authorization !== 'DeepL-Auth-Key key-1:fx') return send(403, { message: 'Authorization failure, check auth_key' });
      if (options.status) return send(options.status, { message: options.message });
      const texts = body.text as string[];
      // Tag handling v2 parses XML strictly.
      if (body.tag_handling === 'xml' && !texts.every(wellFormed)) return send(400, { message: 'Tag handling parsing failed, please check input.' });
      send(200, options.answer ?? { translations: texts.map((text) => ({ detected_source_language: 'EN', text: `${String(body.target_lang)}:${text}` })) });
    });
  };
}

/** Whether a fragment is well-formed XML: tags nested, `&` only in entities, no stray `<`. */
function wellFormed(fragment: string): boolean {
  const open: string[] = [];
  for (const [tag, closing, name, selfClosing] of fragment.matchAll(/<(\/?)([A-Za-z][\w-]*)[^<>]*?(\/?)>/g)) {
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) open.push(name);
    fragment = fragment.replace(tag, '');
  }
  return open.length === 0 && !/[<>]|&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(fragment);
}

describe('DeepLEngine', () => {
  let server: LocalHttpServer;
  afterEach(() => server?.close());

  it('sends the texts in one POST /v2/translate with its key, pair and XML tag handling (glossary tags ignored), and reads the answers in order', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(deepl(seen));
    const engine = new DeepLEngine('key-1:fx', server.url);
    expect(await engine.translate({ texts: ['Hello <m1>world</m1> <g2>Raum</g2>', 'Bye <g1>Raum</g1>'], from: 'en', to: 'de', format: 'html' })).toEqual([
      'DE:Hello <m1>world</m1> <g2>Raum</g2>',
      'DE:Bye <g1>Raum</g1>',
    ]);
    expect(await engine.translate({ texts: ['Plain'], from: 'de', to: 'en', format: 'text' })).toEqual(['EN-US:Plain']);
    expect(seen).toEqual([
      { method: 'POST', url: '/v2/translate', authorization: 'DeepL-Auth-Key key-1:fx', contentType: 'application/json', body: { text: ['Hello <m1>world</m1> <g2>Raum</g2>', 'Bye <g1>Raum</g1>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'xml', ignore_tags: 'g2,g1' } },
      { method: 'POST', url: '/v2/translate', authorization: 'DeepL-Auth-Key key-1:fx', contentType: 'application/json', body: { text: ['Plain'], source_lang: 'DE', target_lang: 'EN-US' } },
    ]);
  });

  it.each([
    ['pt-br', 'en', 'PT', 'EN-US'],
    ['en', 'pt-br', 'EN', 'PT-BR'],
    ['en', 'pt', 'EN', 'PT-PT'],
    ['zh-tw', 'zh', 'ZH', 'ZH-HANS'],
    ['en', 'zh-tw', 'EN', 'ZH-HANT'],
    ['no', 'sv', 'NB', 'SV'],
  ] as const)('names %s → %s as DeepL does (%s → %s)', async (from, to, source, target) => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(deepl(seen));
    await new DeepLEngine('key-1:fx', server.url).translate({ texts: ['x'], from, to, format: 'text' });
    expect(seen[0].body).toEqual({ text: ['x'], source_lang: source, target_lang: target });
  });

  it('asks for beta languages when the pair has one', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(deepl(seen));
    await new DeepLEngine('key-1:fx', server.url).translate({ texts: ['x'], from: 'en', to: 'hi', format: 'text' });
    expect(seen[0].body).toEqual({ text: ['x'], source_lang: 'EN', target_lang: 'HI', enable_beta_languages: true });
  });

  it('refuses a language DeepL lacks without asking it', async () => {
    const engine = new DeepLEngine('key-1:fx', 'http://127.0.0.1:9');
    await expect(engine.translate({ texts: ['x'], from: 'en', to: 'yue', format: 'text' })).rejects.toThrow(
      new EngineFailed('DeepL does not translate into yue: choose another engine (TRANSLATION_ENGINE) for this translation'),
    );
    await expect(engine.translate({ texts: ['x'], from: 'yue', to: 'en', format: 'text' })).rejects.toThrow(/DeepL does not translate from yue/);
  });

  it.each([
    ['a wrong key', 'wrong', undefined, undefined, "DeepL refused DEEPL_API_KEY (Authorization failure, check auth_key): check the key, and that DEEPL_URL is the API its plan uses (free keys end with :fx)"],
    ['the quota used up', 'key-1:fx', 456, 'Quota exceeded', "DeepL's character quota for this key is used up (Quota exceeded): raise it or wait for the next billing period, then run the translation again"],
    ['too many requests', 'key-1:fx', 429, 'Too many requests', 'DeepL is limiting how fast Folio may translate (Too many requests): run the translation again later'],
    ['a bad request', 'key-1:fx', 400, "Value for 'target_lang' not supported.", "DeepL refused the request: Value for 'target_lang' not supported."],
    ['a server error', 'key-1:fx', 503, undefined, 'DeepL failed to translate (HTTP 503): HTTP 503'],
  ])('fails with what DeepL said on %s', async (_, key, status, message, expected) => {
    server = await startLocalHttpServer(deepl([], { status, message }));
    await expect(new DeepLEngine(key, server.url).translate({ texts: ['x'], from: 'en', to: 'de', format: 'text' })).rejects.toThrow(new EngineFailed(expected));
  });

  it('fails on an answer of another shape or count', async () => {
    server = await startLocalHttpServer(deepl([], { answer: { translations: [{ text: 'one' }] } }));
    await expect(new DeepLEngine('key-1:fx', server.url).translate({ texts: ['a', 'b'], from: 'en', to: 'de', format: 'text' })).rejects.toThrow(
      new EngineFailed('DeepL answered 1 translations for 2 texts'),
    );
    await server.close();
    server = await startLocalHttpServer(deepl([], { answer: { error: 'no' } }));
    await expect(new DeepLEngine('key-1:fx', server.url).translate({ texts: ['a'], from: 'en', to: 'de', format: 'text' })).rejects.toThrow(
      new EngineFailed('DeepL answered no list of translations: is it the DeepL API?'),
    );
  });

  it('uses the free API for a key ending :fx, the paid API for others, DEEPL_URL when set', () => {
    expect(deeplBaseUrl('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('abc')).toBe('https://api.deepl.com');
    expect(deeplBaseUrl('abc', 'http://deepl.internal')).toBe('http://deepl.internal');
  });

  it('says what DeepL said of markup it cannot parse', async () => {
    server = await startLocalHttpServer(deepl([]));
    await expect(new DeepLEngine('key-1:fx', server.url).translate({ texts: ['a <m1>b & c</m1>'], from: 'en', to: 'de', format: 'html' })).rejects.toThrow(
      new EngineFailed('DeepL refused the request: Tag handling parsing failed, please check input.'),
    );
  });

  it('translates a page through DeepL, its markup well-formed XML', async () => {
    const seen: Seen[] = [];
    server = await startLocalHttpServer(deepl(seen));
    const leaf = (text: string, marks: { object: 'mark'; type: 'italic' | 'code' }[] = []) => ({ object: 'leaf' as const, text, marks });
    const paragraph = {
      object: 'block' as const, type: 'paragraph' as const, key: 'p',
      nodes: [{ object: 'text' as const, leaves: [leaf('Tom & Jerry <3 '), leaf('a space', [{ object: 'mark', type: 'italic' }]), leaf(' x<y', [{ object: 'mark', type: 'code' }])] }],
    };
    const { page } = await translatePage(
      { page: { title: 'T', document: { object: 'document', data: {}, nodes: [paragraph] } }, from: 'en', to: 'de', glossary: [{ source: 'space', target: 'Raum' }] },
      new DeepLEngine('key-1:fx', server.url),
    );
    expect(seen[0].body).toEqual({ text: ['Tom &amp; Jerry &lt;3 <m1>a <g2>Raum</g2></m1><x3/>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'xml', ignore_tags: 'g2' });
    expect(page.document!.nodes[0]).toEqual({ ...paragraph, nodes: [{ object: 'text', leaves: [leaf('DE:Tom & Jerry <3 '), leaf('a Raum', [{ object: 'mark', type: 'italic' }]), leaf(' x<y', [{ object: 'mark', type: 'code' }])] }] });
  });
});

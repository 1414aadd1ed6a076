import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';

const LANGUAGES = ['en', 'fr', 'de', 'es'];

/** What the test steers and reads: down (503), or answering only so many translations and holding the rest open. */
export interface LibreTranslateState {
  up: boolean;
  /** Translation requests answered before the server stops answering (holding them open, as one a killed API waits on). */
  answering: number;
  /** Translation requests received, and those held unanswered. */
  requests: number;
  held: number;
}

/**
 * A server following LibreTranslate's documented API (GET /languages; POST /translate with `q` a list of
 * texts → `translatedText` in order; `{error}` bodies): it "translates" by prefixing the target code.
 */
export async function startLibreTranslate(state: Partial<LibreTranslateState> = {}): Promise<LocalHttpServer & { state: LibreTranslateState }> {
  const steer: LibreTranslateState = { up: true, answering: Infinity, requests: 0, held: 0, ...state };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const send = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (request.method === 'GET' && request.url === '/languages') {
        return send(200, LANGUAGES.map((code) => ({ code, name: code, targets: LANGUAGES.filter((c) => c !== code) })));
      }
      if (request.method !== 'POST' || request.url !== '/translate') return send(404, { error: 'Not Found' });
      steer.requests += 1;
      if (!steer.up) return send(503, { error: 'Service overloaded' });
      if (steer.requests > steer.answering) {
        steer.held += 1;
        return;
      }
      const { q, target } = JSON.parse(raw) as { q: string[] | string; target: string };
      const texts = Array.isArray(q) ? q : [q];
      send(200, { translatedText: texts.map((text) => `${target}:${text}`) });
    });
  };
  return Object.assign(await startLocalHttpServer(handler), { state: steer });
}

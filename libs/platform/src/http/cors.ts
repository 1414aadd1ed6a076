import cors from '@fastify/cors';
import { FastifyInstance } from 'fastify';

/** What a browser page may send: the token, JSON bodies, conditional and range requests, its own request id. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'If-Range', 'Range', 'X-Request-Id'];
/** What a page's script may read beyond the CORS-safelisted headers: what the API's answers say about themselves. */
const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
  'Allow',
  'Accept-Ranges',
  'Content-Range',
  'Content-Disposition',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE = 3600;

/**
 * CORS for the configured origins (CORS_ORIGINS), through @fastify/cors in Fastify's first hooks, so a
 * preflight is answered (204) before the token check, and every answer to an allowed origin (a 401, a
 * 429 included) says so, or the page's script could not read the refusal. With no origin configured
 * nothing is registered: no CORS header anywhere, and an OPTIONS request is a 405 like any method no
 * route takes. An origin not listed gets no CORS header, and its preflight is no preflight (404): the
 * browser then refuses the call. No credentials mode: the API authenticates with a bearer token, not
 * cookies. Awaited before the other hooks are added (rate limits), so it runs before them; and before the
 * 405 check collects routes, which must not count the plugin's catch-all `OPTIONS *` route.
 */
export async function installCors(fastify: FastifyInstance, origins: string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await fastify.register(cors, {
    origin: allowed.has('*') ? '*' : (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE,
    // An OPTIONS request from an allowed origin without Access-Control-Request-Method is answered as a
    // preflight too, rather than with @fastify/cors's plain-text 400 (which has no error body).
    strictPreflight: false,
  });
}

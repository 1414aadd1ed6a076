import { RouteConfig } from '@nestjs/platform-fastify';
import { FastifyRequest } from 'fastify';

/** The bytes of the bodies kept, by request: gone with the request. */
const kept = new WeakMap<FastifyRequest, Buffer>();

/**
 * A route that needs its JSON body's bytes as they came as well as parsed (a webhook whose signature is an
 * HMAC of those bytes: JSON text parsed and written again is not the text signed). Every other route's
 * bytes are dropped once parsed.
 */
export const KeepRawBody = () => RouteConfig({ rawBody: true });

/** Called by the JSON parser with each body it reads: kept only for the routes declared with `@KeepRawBody()`. */
export function keepRawBody(request: FastifyRequest, body: Buffer): void {
  if ((request.routeOptions.config as { rawBody?: unknown } | undefined)?.rawBody === true) kept.set(request, body);
}

/** The body's bytes as received (empty when there was no body); only on a `@KeepRawBody()` route. */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return kept.get(request) ?? Buffer.alloc(0);
}

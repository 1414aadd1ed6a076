import { RouteConfig } from '@nestjs/platform-fastify';
import { FastifyInstance } from 'fastify';
import { unacceptedBody } from './json-body';

/** The binary media types a streamed body may have (a zip is sent as either). */
export const STREAMED_MEDIA_TYPES = ['application/zip', 'application/octet-stream'];

/**
 * A route that reads its body as a stream (an upload of hundreds of megabytes): `request.body` is the raw
 * request stream, unread, and the route bounds and stores it itself. Every other route keeps JSON only.
 */
export const StreamedBody = () => RouteConfig({ streamedBody: true });

/**
 * Passes a binary body through unread to the routes declared with `@StreamedBody()`; any other route answers
 * it 415 as before. Installed after the JSON parser (which removes every parser there was).
 */
export function installStreamedBodyParser(fastify: FastifyInstance) {
  fastify.addContentTypeParser(STREAMED_MEDIA_TYPES, (request, payload, done) => {
    if ((request.routeOptions.config as { streamedBody?: unknown }).streamedBody === true) return done(null, payload);
    if (request.is404) return done(null, undefined);
    done(unacceptedBody(request), undefined);
  });
}

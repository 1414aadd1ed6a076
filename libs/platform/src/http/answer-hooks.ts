import { FastifyInstance } from 'fastify';
import { conditionalAnswer } from './conditional-get';
import { etagOf } from './etag';
import { JsonBytes, jsonBytesToSend } from './json-bytes';
import { answeredRequestId } from './request-id';

/**
 * What every answer gets on its way out, in one Fastify hook per stage (each hook a request runs costs a
 * step of Fastify's hook runner; a Nest interceptor would cost an rxjs pipeline):
 * - before serialization, an answer already serialized (JsonBytes) is sent as its bytes, and a resource
 *   marked by withETag gets its `ETag` (kept beside the object: JSON never shows it);
 * - before sending, conditional GETs (a weak ETag for other GET answers, 304 on a matching If-None-Match),
 *   then `X-Request-Id` when the request has an id. While the server shuts down, every answer also closes
 *   its connection: a keep-alive connection that brought a request in after SIGTERM would otherwise hold the
 *   server open until its keep-alive timeout.
 * All synchronous: nothing here is awaited.
 */
export function installAnswerHooks(fastify: FastifyInstance) {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (payload instanceof JsonBytes) return done(null, jsonBytesToSend(request, reply, payload));
    const etag = payload !== null && typeof payload === 'object' ? etagOf(payload) : undefined;
    if (etag !== undefined) void reply.header('etag', etag);
    done(null, payload);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const answer = conditionalAnswer(request, reply, payload);
    const id = answeredRequestId(request);
    if (id !== undefined) void reply.header('x-request-id', id);
    if (closing) void reply.header('connection', 'close');
    done(null, answer);
  });
}

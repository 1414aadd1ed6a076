import { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's `X-Request-Id` that we honour (and echo): short, and nothing a log line or header could trip on. */
const HONOURED = /^[\w.-]{1,128}$/;

/** The id a request starts with while it has none yet: made on first need by `requestId`. */
const NOT_YET = '';

function given(req: IncomingMessage): string | undefined {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && HONOURED.test(header) ? header : undefined;
}

/**
 * Fastify's `genReqId`. The caller's id when it gave one, so its logs and ours correlate. Otherwise, when
 * every request is logged (`eager`), a UUID at once, since its log lines carry it; when none is, nothing
 * yet: most reads never need an id, and a command or an unexpected error makes one through `requestId`.
 */
export function requestIdGenerator(eager: boolean): (req: IncomingMessage) => string {
  return eager ? (req) => given(req) ?? randomUUID() : (req) => given(req) ?? NOT_YET;
}

/** The request's id, made now if it has none yet: the correlation id of the events a command appends. */
export function requestId(request: FastifyRequest): string {
  if (request.id === NOT_YET) request.id = randomUUID();
  return request.id;
}

/**
 * The id to answer in `X-Request-Id`, if the request has one: given by the caller, logged, or made because the
 * request appended events or failed unexpectedly (the id is then in the events' metadata or the error
 * message). A read that needed none answers none.
 */
export function answeredRequestId(request: FastifyRequest): string | undefined {
  return request.id === NOT_YET ? undefined : request.id;
}

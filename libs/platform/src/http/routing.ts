import { FastifyError, FastifyReply } from 'fastify';
import { errorBody } from './error-body';

/**
 * How paths match routes, shared by Fastify's router and the table of known routes
 * (method-not-allowed.ts) so both always agree. `/v1/orgs/` reaches `/v1/orgs`: clients and proxies
 * add trailing slashes.
 */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 100 } as const;

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook or Nest runs (a path with a
 * malformed `%` escape, a path parameter over `maxParamLength`) would otherwise answer Fastify's own
 * JSON, not the error body.
 */
export function answerRouterError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, error.message));
}

import { FastifyInstance } from 'fastify';
import { RateLimitConfig } from '../config/config';
import { markRequestBegun } from '../read-store/requests-begun';
import { methodNotAllowedCheck } from './method-not-allowed';
import { queryStringRefusal } from './query-string';
import { RateLimits } from './rate-limit/rate-limits';

/**
 * What every request goes through as it arrives, in one `onRequest` hook (each hook a request runs costs a
 * step of Fastify's hook runner), in this order:
 * - it is counted, so that the first read made for it asks whether another process wrote
 *   (read-store/sqlite/commits-by-others.ts);
 * - it is charged to its rate limit (`rateLimit`: none when off), a 429 ending it there;
 * - a refused query string is a 400, then a path some route takes with another method a 405.
 * Installed after CORS (whose preflights are thus never charged, and whose headers a 429 still carries) and
 * before the routes are registered (the 405 check collects them).
 */
export function installRequestHooks(fastify: FastifyInstance, rateLimit: RateLimitConfig | null) {
  const limits = rateLimit ? new RateLimits(rateLimit) : null;
  const notAllowed = methodNotAllowedCheck(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    markRequestBegun();
    if (limits !== null && !limits.charge(request, reply)) return;
    done(queryStringRefusal(request) ?? notAllowed(request, reply));
  });
  if (limits !== null) {
    fastify.addHook('onResponse', (request, _reply, done) => {
      limits.answered(request);
      done();
    });
  }
}

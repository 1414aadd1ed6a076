import { FastifyInstance } from 'fastify';
import { markRequestBegun } from '../read-store/requests-begun';

/**
 * Counts each request as it arrives, before any other hook, so that the first read made for it asks
 * whether another process wrote (see read-store/sqlite/commits-by-others.ts).
 */
export function installReadFreshness(fastify: FastifyInstance) {
  fastify.addHook('onRequest', (_request, _reply, done) => {
    markRequestBegun();
    done();
  });
}

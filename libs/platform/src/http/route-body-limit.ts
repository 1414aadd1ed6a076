import { RouteConfig } from '@nestjs/platform-fastify';
import { FastifyInstance } from 'fastify';

/**
 * A route that takes more than the app's BODY_LIMIT (content batches carry files as base64): the limit
 * travels in the route's Fastify config, and `installRouteBodyLimits` makes it the route's own
 * `bodyLimit`, which Fastify checks before our JSON parser runs. Every other route keeps BODY_LIMIT.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ bodyLimit: bytes });

/** Gives each route declared with `@BodyLimit` its own limit; installed before the routes are registered. */
export function installRouteBodyLimits(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}

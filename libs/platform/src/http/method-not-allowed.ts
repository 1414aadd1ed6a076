import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { HTTPMethod } from 'find-my-way';
import { ROUTER_OPTIONS } from './routing';

export interface KnownRoute {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, KnownRoute[]>();

/** Every route Fastify serves (HEAD ones included), as declared: for the hostile-input sweep. */
export function knownRoutes(fastify: FastifyInstance): readonly KnownRoute[] {
  return tables.get(fastify) ?? [];
}

/**
 * A path that some route matches, asked with a method none of them takes, answers 405 with an `Allow`
 * header and the error body, not 404. Routes are collected as Fastify registers them (`onRoute`) into
 * a second router built like Fastify's, so path parameters count (`DELETE /v1/orgs/abc` is a 405, not
 * a 404) and concrete paths match as Fastify matches them. Only requests Fastify found no route for
 * (`is404`) pay for the lookups; every other request pays one property read. Collects the routes from
 * now on (installed before the routes are registered); returns the check the request hooks run, which
 * gives the error to answer (the `Allow` header set), if any.
 */
export function methodNotAllowedCheck(fastify: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Error | undefined {
  const router = FindMyWay(ROUTER_OPTIONS);
  const methods = new Set<HTTPMethod>();
  const routes: KnownRoute[] = [];
  tables.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      if (!router.hasRoute(method, route.url)) router.on(method, route.url, () => undefined);
      methods.add(method);
      routes.push({ method, url: route.url });
    }
  });
  // Nest's adapter sends a request whose path parameter is empty (`/v1/orgs//`) to the 404 handler
  // (it matches routes as path-to-regexp does), so such a match does not count here either.
  const serves = (method: HTTPMethod, path: string) => {
    const found = router.find(method, path);
    return found !== null && !Object.entries(found.params).some(([name, value]) => value === '' && name !== '*');
  };
  return (request, reply) => {
    if (!request.is404) return undefined;
    const path = request.url.split('?', 1)[0];
    const allowed = [...methods].filter((method) => serves(method, path)).sort();
    // No route at all, or (should the two routers ever disagree) one for this very method: a plain 404.
    if (allowed.length === 0 || allowed.includes(request.method as HTTPMethod)) return undefined;
    void reply.header('allow', allowed.join(', '));
    return Object.assign(new Error(`${request.method} is not allowed here; allowed: ${allowed.join(', ')}`), { statusCode: 405 });
  };
}

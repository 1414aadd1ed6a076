import { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** The route label of requests no route matched (any path: the label set stays bounded). */
export const UNMATCHED_ROUTE = 'unmatched';

interface Children {
  requests: Counter.Internal;
  duration: Histogram.Internal<string>;
}

/**
 * Counts every answered request and its latency by route template (`/v1/orgs/:organizationId`, never the
 * path asked for, so the number of series is bounded by the routes), method and status. One `onResponse`
 * hook reading Fastify's own `elapsedTime` (measured from the request's arrival): no Nest interceptor, no
 * second clock read. Each label set's children are made once and then found by one map lookup. With
 * `METRICS=off` no hook is added: requests pay nothing.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: MetricsRegistry) {
  if (!metrics.enabled) return;
  const registry = metrics.registry;
  const labelNames = ['route', 'method', 'status'];
  const requests = new Counter({ name: 'folio_http_requests_total', help: 'HTTP requests answered, by route template, method and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by route template, method and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new Map<string, Children>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let children = cache.get(key);
    if (children === undefined) {
      const labels = [route, request.method, String(status)];
      children = { requests: requests.labels(...labels), duration: duration.labels(...labels) };
      cache.set(key, children);
    }
    children.requests.inc();
    children.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

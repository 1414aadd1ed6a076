import { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';
import { ObservedHistogram, Observations } from './observed-histogram';

/** The route label of requests no route matched (any path: the label set stays bounded). */
export const UNMATCHED_ROUTE = 'unmatched';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route's label sets, by status then method: two small map lookups per request, no string built. */
class RouteSeries {
  private readonly byStatus = new Map<number, Map<string, Observations>>();

  constructor(
    private readonly route: string,
    private readonly durations: ObservedHistogram,
  ) {}

  observe(request: FastifyRequest, reply: FastifyReply) {
    let byMethod = this.byStatus.get(reply.statusCode);
    if (byMethod === undefined) this.byStatus.set(reply.statusCode, (byMethod = new Map()));
    let series = byMethod.get(request.method);
    if (series === undefined) {
      series = this.durations.labelled({ route: this.route, method: request.method, status: String(reply.statusCode) });
      byMethod.set(request.method, series);
    }
    // Fastify's own measure, from the request's arrival to the end of the answer: no second clock read.
    series.observe(reply.elapsedTime / 1000);
  }
}

/**
 * Counts every answered request and its latency by route template (`/v1/orgs/:organizationId`, never the
 * path asked for, so the number of series is bounded by the routes), method and status. Each route gets
 * its own `onResponse` hook as Fastify registers it (`onRoute`), knowing its template, so a request never
 * builds Fastify's `routeOptions` (a new object per read); requests no route matched are caught by one
 * global hook that reads `is404`. No Nest interceptor (an rxjs pipeline per request). With `METRICS=off`
 * no hook is added: requests pay nothing.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: MetricsRegistry) {
  if (!metrics.enabled) return;
  const durations = new ObservedHistogram(
    'folio_http_request_duration_seconds',
    'Time from a request’s arrival to its answer, by route template, method and status.',
    BUCKETS,
    metrics.registry,
  );
  const track = (route: string) => new RouteSeries(route, durations);
  new Counter({
    name: 'folio_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [metrics.registry],
    // The same counts as the histogram's, read at scrape time.
    collect() {
      this.reset();
      for (const { labels, count } of durations.all()) this.inc(labels, count);
    },
  });
  fastify.addHook('onRoute', (route) => {
    const measured = track(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      measured.observe(request, reply);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  const unmatched = track(UNMATCHED_ROUTE);
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.observe(request, reply);
    done();
  });
}

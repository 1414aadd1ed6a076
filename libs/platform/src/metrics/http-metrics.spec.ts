import Fastify, { FastifyInstance } from 'fastify';
import { FolioConfig } from '../config/config';
import { installHttpMetrics, UNMATCHED_ROUTE } from './http-metrics';
import { MetricsRegistry } from './metrics-registry';

const registryFor = (metricsEnabled: boolean) => new MetricsRegistry({ metricsEnabled } as FolioConfig);

/** The request counter's samples: `route method status` → count. */
async function counts(metrics: MetricsRegistry): Promise<Map<string, number>> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'folio_http_requests_total');
  const values = (metric?.values ?? []) as { labels: Record<string, string>; value: number }[];
  return new Map(values.map(({ labels, value }) => [`${labels.route} ${labels.method} ${labels.status}`, value]));
}

describe('HTTP request metrics', () => {
  let fastify: FastifyInstance;
  afterEach(() => fastify.close());

  function serve(metrics: MetricsRegistry) {
    fastify = Fastify();
    installHttpMetrics(fastify, metrics);
    fastify.get('/items/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      return id === 'missing' ? reply.status(404).send({}) : { id };
    });
  }

  it('counts by route template, method and status, and every unmatched path under one label', async () => {
    const metrics = registryFor(true);
    serve(metrics);
    for (const id of ['a', 'b', 'c']) await fastify.inject({ method: 'GET', url: `/items/${id}` });
    await fastify.inject({ method: 'GET', url: '/items/missing' });
    await fastify.inject({ method: 'GET', url: '/nothing/here' });
    await fastify.inject({ method: 'POST', url: '/or/there' });
    expect(await counts(metrics)).toEqual(
      new Map([
        ['/items/:id GET 200', 3],
        ['/items/:id GET 404', 1],
        [`${UNMATCHED_ROUTE} GET 404`, 1],
        [`${UNMATCHED_ROUTE} POST 404`, 1],
      ]),
    );
    const text = await metrics.text();
    expect(text).toContain('folio_http_request_duration_seconds_count{route="/items/:id",method="GET",status="200"} 3');
    expect(text).not.toContain('/nothing/here');
  });

  it('installs nothing with METRICS=off', async () => {
    const metrics = registryFor(false);
    serve(metrics);
    await fastify.inject({ method: 'GET', url: '/items/a' });
    expect(await metrics.registry.getMetricsAsJSON()).toEqual([]);
    expect(await metrics.text()).toBe('\n');
  });
});

describe('HTTP request metrics on a prefixed plugin route and its HEAD twin', () => {
  it('labels them with the full template, once each', async () => {
    const metrics = registryFor(true);
    const fastify = Fastify();
    installHttpMetrics(fastify, metrics);
    await fastify.register(async (plugin) => plugin.get('/things/:id', async () => ({ ok: true })), { prefix: '/v9' });
    try {
      await fastify.inject({ method: 'GET', url: '/v9/things/1' });
      await fastify.inject({ method: 'HEAD', url: '/v9/things/2' });
      expect(await counts(metrics)).toEqual(new Map([['/v9/things/:id GET 200', 1], ['/v9/things/:id HEAD 200', 1]]));
    } finally {
      await fastify.close();
    }
  });
});

import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger, PinoNestLogger } from '@folio/platform/http/logger';
import { Projection, PROJECTIONS } from '@folio/platform/projections/projection';
import { checkDataDirWritable, checkPortFree } from '@folio/platform/startup/preflight';
import { checkStoresReachable } from '@folio/platform/startup/store-reachability';
import { describeFatal } from '@folio/platform/startup/startup-error';

async function main() {
  const config = loadConfig();
  const usesDataDir = !(config.eventStoreUrl && config.mongodbUrl);
  await checkPortFree(config.host, config.port);
  if (config.metricsPort !== undefined) await checkPortFree(config.host, config.metricsPort, 'METRICS_PORT');
  if (usesDataDir) checkDataDirWritable(config.dataDir);
  await checkStoresReachable(config);
  // Loaded only now (seconds on a busy machine), so that a refused start says so at once.
  const { NestFactory } = await import('@nestjs/core');
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  const { ProjectorModule } = await import('./projector.module');
  const { installHttpMetrics } = await import('@folio/platform/metrics/http-metrics');
  const { MetricsListener, metricsUrl } = await import('@folio/platform/metrics/metrics-listener');
  const { MetricsRegistry } = await import('@folio/platform/metrics/metrics-registry');
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.create<NestFastifyApplication>(ProjectorModule, new FastifyAdapter({ loggerInstance: logger }), {
    logger: new PinoNestLogger(logger),
  });
  // SIGTERM/SIGINT: stop serving /health, stop the runner after its current batch, close the stores, exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  // /metrics, /health/live and /health/ready as the API serves them (METRICS_PORT: on a second listener too).
  installHttpMetrics(app.getHttpAdapter().getInstance(), app.get(MetricsRegistry));
  await app.listen({ port: config.port, host: config.host });
  await app.get(MetricsListener).listen();
  const projections = app.get<Projection[]>(PROJECTIONS).map((p) => p.name);
  const health = `http://${config.host}:${config.port}/health`;
  logger.info(
    {
      projections,
      health,
      metrics: metricsUrl(config),
      eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
      readStore: config.mongodbUrl ? 'mongodb' : 'sqlite',
      dataDir: usesDataDir ? config.dataDir : undefined,
    },
    `Folio projector running (health: ${health})`,
  );
}

main().catch((error) => {
  process.stderr.write(`${describeFatal(error)}\n`);
  process.exit(1);
});

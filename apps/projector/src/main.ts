import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger, PinoNestLogger } from '@folio/platform/http/logger';
import { Projection, PROJECTIONS } from '@folio/platform/projections/projection';
import { ProjectorModule } from './projector.module';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.createApplicationContext(ProjectorModule, { logger: new PinoNestLogger(logger) });
  // SIGTERM/SIGINT: stop the runner after its current batch, close the stores, exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.init();
  // The stores' change watchers are unref'd (they must not hold a CLI open); with no HTTP server,
  // this keeps the projector alive until a signal ends it.
  setInterval(() => undefined, 2 ** 30);
  const projections = app.get<Projection[]>(PROJECTIONS).map((p) => p.name);
  logger.info(
    {
      projections,
      eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
      readStore: config.mongodbUrl ? 'mongodb' : 'sqlite',
      dataDir: config.eventStoreUrl && config.mongodbUrl ? undefined : config.dataDir,
    },
    'Folio projector running',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import 'reflect-metadata';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger } from '@folio/platform/http/logger';
import { createApp } from './create-app';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = await createApp(logger);
  // SIGTERM: stop accepting, let in-flight requests finish, then stop projections and close the
  // stores (onApplicationShutdown runs after the HTTP server has drained), and exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://${config.host}:${config.port}/v1`, dataDir: config.eventStoreUrl ? undefined : config.dataDir }, 'Folio API listening');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

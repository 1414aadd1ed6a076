import 'reflect-metadata';
import { loadConfig } from '@folio/platform/config/config';
import { createLogger } from '@folio/platform/http/logger';
import { createApp } from './create-app';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const app = await createApp(logger);
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://${config.host}:${config.port}/v1`, dataDir: config.eventStoreUrl ? undefined : config.dataDir }, 'Folio API listening');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@folio/platform/config/config';
import { loadSecret } from '@folio/platform/config/secret';
import { createLogger } from '@folio/platform/http/logger';
import { checkDataDirWritable, checkPortFree } from '@folio/platform/startup/preflight';
import { checkStoresReachable } from '@folio/platform/startup/store-reachability';
import { describeFatal } from '@folio/platform/startup/startup-error';

async function main() {
  const config = loadConfig();
  // What an operator can fix fails here, one line each, before a store is opened or a file written.
  await checkPortFree(config.host, config.port);
  if (config.metricsPort !== undefined) await checkPortFree(config.host, config.metricsPort, 'METRICS_PORT');
  checkDataDirWritable(config.dataDir);
  loadSecret(config);
  await checkStoresReachable(config);
  // The application is loaded only now: its modules take seconds to load on a busy machine, and a
  // refused start should say so at once.
  const { createApp } = await import('./create-app');
  const { BootstrapAdmin } = await import('@folio/identity/bootstrap/bootstrap-admin');
  const { MetricsListener, metricsUrl } = await import('@folio/platform/metrics/metrics-listener');
  const logger = createLogger(config.logLevel);
  const app = await createApp(logger, undefined, config.trustProxy);
  // SIGTERM: stop accepting, let in-flight requests finish, then stop projections and close the
  // stores (onApplicationShutdown runs after the HTTP server has drained), and exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.listen({ port: config.port, host: config.host });
  // METRICS_PORT: /metrics and the health routes on their own port too (/metrics then only there).
  await app.get(MetricsListener).listen();
  await app.get(BootstrapAdmin).run();
  // Every start says where to go and where the admin's token is, not only the first one.
  const base = `http://${config.host}:${config.port}`;
  const adminTokenFile = join(config.dataDir, 'admin-token');
  const tokenNote = existsSync(adminTokenFile)
    ? `admin token in ${adminTokenFile}`
    : `no admin token file at ${adminTokenFile} (the store's admin was bootstrapped by another replica, not written yet, or with another DATA_DIR)`;
  logger.info(
    {
      url: `${base}/v1`,
      health: `${base}/health`,
      metrics: metricsUrl(config),
      adminTokenFile,
      dataDir: config.eventStoreUrl ? undefined : config.dataDir,
    },
    `Folio API listening on ${base}/v1 (health: ${base}/health); ${tokenNote}`,
  );
}

main().catch((error) => {
  process.stderr.write(`${describeFatal(error)}\n`);
  process.exit(1);
});

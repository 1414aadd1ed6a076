import { Injectable, Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { ProcessHost } from '../processes/process-host';
import { ProjectionProgress } from '../projections/projection-progress';
import { MetricsRegistry } from './metrics-registry';

/** One gauge per reader of the log: its name, and how far behind the head it is (a decimal string). */
type Distances = () => Promise<Iterable<[string, string]>>;

/**
 * What the log's readers have yet to work through, computed when Prometheus scrapes (the head and the
 * checkpoints: two store reads per gauge), so that nothing is counted on the paths that apply events.
 * Distances are in log positions: events for SQLite, bytes of the log for EventStoreDB.
 */
@Injectable()
export class BacklogGauges {
  private readonly logger = new Logger('metrics');

  constructor(metrics: MetricsRegistry, progress: ProjectionProgress, processes: ProcessHost) {
    if (!metrics.enabled) return;
    this.gauge(metrics.registry, 'folio_projection_lag', 'Log positions the projection has yet to apply (events for SQLite, bytes for EventStoreDB).', 'projection', async () =>
      Object.entries(await progress.status()).map(([name, { lag }]) => [name, lag]),
    );
    this.gauge(
      metrics.registry,
      'folio_process_queue',
      'Log positions the process manager has yet to work through, by its checkpoint name (events for SQLite, bytes for EventStoreDB).',
      'process',
      async () => [...(await processes.status())].map(([name, { queue }]) => [name, queue]),
    );
  }

  /**
   * A store that does not answer leaves the gauge empty for that scrape (the other metrics still answer):
   * the last figure would say all is well.
   */
  private gauge(registry: Registry, name: string, help: string, label: string, distances: Distances) {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        try {
          const measured = await distances();
          this.reset();
          for (const [reader, distance] of measured) this.set({ [label]: reader }, Number(distance));
        } catch (error) {
          this.reset();
          logger.warn({ err: error, metric: name }, 'metric not collected');
        }
      },
    });
  }
}

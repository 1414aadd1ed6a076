import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { FolioConfig } from '../config/config';
import { CONFIG } from '../config/config.token';

/**
 * The application's Prometheus registry, owned by this provider rather than prom-client's global one, so
 * that several applications in one process (the e2e tests) each count their own. With `METRICS=off` it
 * stays empty and nothing registers into it: no hook, no wrapped store, no Node sampling.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();
  readonly enabled: boolean;

  constructor(@Inject(CONFIG) config: FolioConfig) {
    this.enabled = config.metricsEnabled;
    if (this.enabled) collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition text of every metric, gauges computed now (their `collect`). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

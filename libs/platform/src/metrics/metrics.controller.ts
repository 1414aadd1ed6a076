import { Controller, Get, Inject, NotFoundException, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { FolioConfig } from '../config/config';
import { CONFIG } from '../config/config.token';
import { Public } from '../http/public.decorator';
import { MetricsRegistry } from './metrics-registry';

/**
 * `GET /metrics`, outside `/v1` and without a token: the Prometheus text format. Not found here with
 * `METRICS=off`, nor when `METRICS_PORT` moves it to the second listener (MetricsListener), so a public
 * port need not expose it.
 */
@Controller('metrics')
export class MetricsController {
  private readonly served: boolean;

  constructor(
    private readonly metrics: MetricsRegistry,
    @Inject(CONFIG) config: FolioConfig,
  ) {
    this.served = metrics.enabled && config.metricsPort === undefined;
  }

  @Public()
  @Get()
  async scrape(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (!this.served) throw new NotFoundException('Cannot GET /metrics');
    return answerMetrics(this.metrics, reply);
  }
}

/** The exposition text, with its content type: for either listener. */
export async function answerMetrics(metrics: MetricsRegistry, reply: FastifyReply): Promise<string> {
  const text = await metrics.text();
  void reply.header('content-type', metrics.contentType);
  return text;
}

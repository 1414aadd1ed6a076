import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import Fastify, { FastifyInstance } from 'fastify';
import { FolioConfig } from '../config/config';
import { CONFIG } from '../config/config.token';
import { HealthController } from '../health/health.controller';
import { errorBody } from '../http/error-body';
import { answerMetrics } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';

/** Where Prometheus scrapes this process (for the start log), or undefined with METRICS=off. */
export function metricsUrl(config: FolioConfig): string | undefined {
  return config.metricsEnabled ? `http://${config.host}:${config.metricsPort ?? config.port}/metrics` : undefined;
}

/**
 * The second listener `METRICS_PORT` asks for: `/metrics` and the health routes only, so that scrapes and
 * probes can stay on a port the public never reaches. The health routes answer as on the main port (the
 * same controller); `/metrics` only here then. Started after the main listen (main.ts), never by the CLI,
 * and closed before the application drains, so a probe during shutdown finds it closed rather than
 * answered by closed stores.
 */
@Injectable()
export class MetricsListener implements BeforeApplicationShutdown {
  private server: FastifyInstance | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly metrics: MetricsRegistry,
    private readonly modules: ModuleRef,
  ) {}

  /** Listens on METRICS_PORT (the main host); does nothing without it. Answers the port, or null. */
  async listen(): Promise<number | null> {
    const port = this.config.metricsPort;
    if (port === undefined) return null;
    const health = this.modules.get(HealthController, { strict: false });
    const server = Fastify();
    server.get('/health', (_request, reply) => health.health(reply));
    server.get('/health/live', () => health.live());
    server.get('/health/ready', (_request, reply) => health.ready(reply));
    if (this.metrics.enabled) server.get('/metrics', (_request, reply) => answerMetrics(this.metrics, reply));
    server.setNotFoundHandler((request, reply) => reply.status(404).send(errorBody(404, `Cannot ${request.method} ${request.url}`)));
    await server.listen({ port, host: this.config.host });
    this.server = server;
    return port;
  }

  async beforeApplicationShutdown() {
    await this.server?.close();
    this.server = null;
  }
}

import { LogController } from 'fastify';
import { Type } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModuleBuilder } from '@nestjs/testing';
import { Logger as Pino } from 'pino';
import { installAnswerHooks } from '@folio/platform/http/answer-hooks';
import { installApiDocs } from '@folio/platform/http/api-docs/api-docs';
import { answerClientError } from '@folio/platform/http/client-errors';
import { installCors } from '@folio/platform/http/cors';
import { installRawJsonSerializer } from '@folio/platform/http/raw-json';
import { BODY_LIMIT, installJsonBodyParser } from '@folio/platform/http/json-body';
import { WorkerPool } from '@folio/platform/workers/worker-pool';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { logsEveryRequest, PinoNestLogger, withoutRequestChildren } from '@folio/platform/http/logger';
import { parseQueryString } from '@folio/platform/http/query-string';
import { installRequestHooks } from '@folio/platform/http/request-hooks';
import { requestIdGenerator } from '@folio/platform/http/request-id';
import { installRouteBodyLimits } from '@folio/platform/http/route-body-limit';
import { installStreamedBodyParser } from '@folio/platform/http/streamed-body';
import { answerRouterError, ROUTER_OPTIONS } from '@folio/platform/http/routing';
import { bindValidation } from '@folio/platform/http/validation';
import { installHttpMetrics } from '@folio/platform/metrics/http-metrics';
import { MetricsRegistry } from '@folio/platform/metrics/metrics-registry';
import { AppModule } from './app.module';

/** `trustProxy`: TRUST_PROXY, the proxies whose X-Forwarded-For gives `request.ip` (the per-address rate limits' key). */
function adapter(logger: Pino, trustProxy: FolioConfig['trustProxy']) {
  const everyRequest = logsEveryRequest(logger);
  return new FastifyAdapter({
    // Fastify's lines per request (incoming, completed) are written at info. Below that level none is,
    // so no request pays for a child logger bound to its id (Fastify's rare own error lines use the app's).
    loggerInstance: everyRequest ? logger : withoutRequestChildren(logger),
    trustProxy,
    logController: new LogController({ disableRequestLogging: !everyRequest }),
    bodyLimit: BODY_LIMIT,
    // Trailing slashes, and query strings parsed our way (bounded, repeated keys kept for the pipe to judge).
    routerOptions: { ...ROUTER_OPTIONS, querystringParser: parseQueryString },
    // The router's own refusals (a bad % escape, a path parameter over 100 characters) come before any
    // route or hook, so Nest's filter never sees them: they get the error body here.
    frameworkErrors: answerRouterError,
    // What Node's HTTP parser refuses even earlier (headers over its limit: 431) gets the error body too.
    clientErrorHandler: answerClientError,
    // The caller's request id when given; otherwise one made when logged, or later when needed.
    genReqId: requestIdGenerator(everyRequest),
    requestIdHeader: false,
    // A request that reaches a connection already open when SIGTERM came is served like the others (the
    // stores close only after the server has drained), with the error body if it fails, not Fastify's 503.
    return503OnClosing: false,
  });
}

/**
 * Everything the API needs around the Nest app: /v1, request metrics, CORS and rate limits (config), our
 * JSON parser (Nest's is off), the request hooks (rate limits, query-string and 405 checks: installed before
 * app.init, so they see every route Nest registers), the answer hooks (ETags, conditional GETs, answers
 * already serialized, the request id), validation, the API's own description (/openapi.json, /docs:
 * read from the routes, so after the prefix is set). The bootstrap admin is not here: it runs after listen
 * (main.ts), so a start that cannot listen writes nothing. Errors Fastify raises before a route runs (body
 * too large, malformed JSON, a refused query string, a wrong method) reach the ErrorBodyFilter through
 * Nest's own error handler, so they get the error body too.
 */
async function configure(app: NestFastifyApplication) {
  const fastify = app.getHttpAdapter().getInstance();
  const config = app.get<FolioConfig>(CONFIG);
  // First: it measures the routes registered after it.
  installHttpMetrics(fastify, app.get(MetricsRegistry));
  // CORS first of the hooks, then the request hooks (rate limits among them): a preflight is never charged,
  // and a 429 still carries the CORS headers a browser needs to read it. CORS's catch-all preflight route
  // (OPTIONS *) is thereby registered before the 405 check collects routes: counted, it would turn every
  // unknown path into a 405.
  await installCors(fastify, config.corsOrigins);
  installRequestHooks(fastify, config.rateLimit);
  installJsonBodyParser(fastify, app.get(WorkerPool));
  installStreamedBodyParser(fastify);
  installRouteBodyLimits(fastify);
  installAnswerHooks(fastify);
  installRawJsonSerializer(fastify);
  app.setGlobalPrefix('v1', { exclude: ['health', 'health/live', 'health/ready', 'metrics'] });
  const controllers = controllersOf(app);
  bindValidation(controllers);
  installApiDocs(app, controllers);
  await app.init();
}

function controllersOf(app: NestFastifyApplication): Type<unknown>[] {
  return [...app.get(ModulesContainer).values()].flatMap((module) =>
    [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type<unknown>),
  );
}

/**
 * `module`: Folio's, or (for the bench's ceiling) a stand-in served through the same set-up. `trustProxy`:
 * the config's (the adapter is made before the app, so before its CONFIG can be read).
 */
export async function createApp(logger: Pino, module: Type<unknown> = AppModule, trustProxy: FolioConfig['trustProxy'] = false): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter(logger, trustProxy), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  await configure(app);
  return app;
}

/** For tests: the same app from a testing module (with overridden providers, e.g. the clock). */
export async function createTestApp(builder: TestingModuleBuilder, logger: Pino): Promise<NestFastifyApplication> {
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(adapter(logger, moduleRef.get<FolioConfig>(CONFIG).trustProxy), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  await configure(app);
  return app;
}

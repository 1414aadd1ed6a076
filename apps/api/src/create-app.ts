import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestingModuleBuilder } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { Logger as Pino } from 'pino';
import { installETagHook } from '@folio/platform/http/etag';
import { BODY_LIMIT, installJsonBodyParser } from '@folio/platform/http/json-body';
import { PinoNestLogger } from '@folio/platform/http/logger';
import { installMethodNotAllowed } from '@folio/platform/http/method-not-allowed';
import { installQueryStringCheck, parseQueryString } from '@folio/platform/http/query-string';
import { installRouteBodyLimits } from '@folio/platform/http/route-body-limit';
import { answerRouterError, ROUTER_OPTIONS } from '@folio/platform/http/routing';
import { validationPipe } from '@folio/platform/http/validation';
import { AppModule } from './app.module';

function adapter(logger: Pino) {
  return new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT,
    // Trailing slashes, and query strings parsed our way (bounded, repeated keys kept for the pipe to judge).
    routerOptions: { ...ROUTER_OPTIONS, querystringParser: parseQueryString },
    // The router's own refusals (a bad % escape, a path parameter over 100 characters) come before any
    // route or hook, so Nest's filter never sees them: they get the error body here.
    frameworkErrors: answerRouterError,
    // Honour a caller's request id so its logs and ours correlate; otherwise make one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A request that reaches a connection already open when SIGTERM came is served like the others (the
    // stores close only after the server has drained), with the error body if it fails, not Fastify's 503.
    return503OnClosing: false,
  });
}

/**
 * Everything the API needs around the Nest app: /v1, our JSON parser (Nest's is off), the query-string
 * and 405 checks (installed before app.init, so they see every route Nest registers), pipes. The
 * bootstrap admin is not here: it runs after listen (main.ts), so a start that cannot listen writes
 * nothing. Errors Fastify raises before a route runs (body too large, malformed JSON, a refused query
 * string, a wrong method) reach the ErrorBodyFilter through Nest's own error handler, so they get the
 * error body too.
 */
async function configure(app: NestFastifyApplication) {
  const fastify = app.getHttpAdapter().getInstance();
  installJsonBodyParser(fastify);
  installRouteBodyLimits(fastify);
  installQueryStringCheck(fastify);
  installMethodNotAllowed(fastify);
  installETagHook(fastify);
  // While shutting down, every answer closes its connection: a keep-alive connection that brought a
  // request in after SIGTERM would otherwise hold the server open until its keep-alive timeout.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-request-id', request.id);
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  app.setGlobalPrefix('v1', { exclude: ['health'] });
  app.useGlobalPipes(validationPipe());
  await app.init();
}

export async function createApp(logger: Pino): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter(logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  await configure(app);
  return app;
}

/** For tests: the same app from a testing module (with overridden providers, e.g. the clock). */
export async function createTestApp(builder: TestingModuleBuilder, logger: Pino): Promise<NestFastifyApplication> {
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(adapter(logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  await configure(app);
  return app;
}

import { Type } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { apiDocument } from './api-document';

/** Where the document and its reader are served: outside `/v1`, with no token (they describe, they hold no data). */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/**
 * `GET /openapi.json` and the Swagger UI at `/docs`, its scripts and styles served from swagger-ui-dist
 * (installed with @nestjs/swagger) by @fastify/static: nothing is fetched from another host. Registered
 * on Fastify directly, beside Nest's routes, so neither is an operation of the document nor passes the
 * token guard.
 *
 * The document is built once per process, when first asked for, and kept with its JSON text: a request
 * costs a write of that string. Not at start: reading Folio's ~240 operations took @nestjs/swagger 1.7 s
 * the first time and 0.25 to 0.5 s after (2 cores, loaded), which every start (each replica, each e2e
 * server) would pay for a document most of them never serve. All routes are mapped by the first request.
 */
export function installApiDocs(app: NestFastifyApplication, controllers: Type<unknown>[]): void {
  let document: OpenAPIObject | undefined;
  let text: string | undefined;
  const built = () => (document ??= apiDocument(app, controllers));
  app.getHttpAdapter().getInstance().get(OPENAPI_PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send((text ??= JSON.stringify(built()))));
  SwaggerModule.setup(DOCS_PATH, app, built, {
    raw: false,
    customSiteTitle: 'Folio API',
    // Swagger UI would otherwise send the document's URL to validator.swagger.io for its badge.
    swaggerOptions: { validatorUrl: null },
  });
}

import { Type } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { apiDocument } from './api-document';

/** Where the document and its reader are served: outside `/v1`, with no token (they describe, they hold no data). */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/**
 * `GET /openapi.json` and the Swagger UI at `/docs`, its scripts and styles served from swagger-ui-dist
 * (installed with @nestjs/swagger) by @fastify/static: nothing is fetched from another host. The document
 * is built once, here, before the app starts (about 0.1 s for Folio's ~300 operations), and its JSON text
 * kept: a request costs a write of that string. Registered on Fastify directly, beside Nest's routes, so
 * neither is an operation of the document nor passes the token guard.
 */
export function installApiDocs(app: NestFastifyApplication, controllers: Type<unknown>[]): void {
  const document = apiDocument(app, controllers);
  const text = JSON.stringify(document);
  app.getHttpAdapter().getInstance().get(OPENAPI_PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
  SwaggerModule.setup(DOCS_PATH, app, document, {
    raw: false,
    customSiteTitle: 'Folio API',
    // Swagger UI would otherwise send the document's URL to validator.swagger.io for its badge.
    swaggerOptions: { validatorUrl: null },
  });
}

import { Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { INestApplication } from '@nestjs/common/interfaces';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { IS_PUBLIC } from '../public.decorator';
import { nullableAsTypes } from './nullable-types';
import { declarePathParameters } from './path-parameters';
import { describeValidatedClasses } from './validated-properties';

/** The scheme every operation needs unless its route is `@Public()`. */
const TOKEN = 'token';

const operationId = (controller: string, method: string) => `${controller}_${method}`;

function routeMethods(controller: Type<unknown>): string[] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).filter(
    (name) => typeof prototype[name] === 'function' && Reflect.getMetadata(METHOD_METADATA, prototype[name] as object) !== undefined,
  );
}

/** The operation ids of the routes that need no token: the route, or its whole controller, is `@Public()`. */
function publicOperations(controllers: Type<unknown>[]): Set<string> {
  const ids = new Set<string>();
  for (const controller of controllers) {
    const all = Reflect.getMetadata(IS_PUBLIC, controller) === true;
    for (const name of routeMethods(controller)) {
      const handler = (controller.prototype as Record<string, object>)[name];
      if (all || Reflect.getMetadata(IS_PUBLIC, handler) === true) ids.add(operationId(controller.name, name));
    }
  }
  return ids;
}

/**
 * Folio's API as OpenAPI 3.1, read by @nestjs/swagger from what the app maps: every controller's routes
 * (path templates with the `/v1` prefix, path parameters, query DTOs exploded into parameters, bodies,
 * the success status from `@HttpCode` or Nest's default), so a route added anywhere is in it with no
 * line here. Operation ids are `<Controller>_<method>` (unique: controller names are), tags are the
 * controller's name. Every operation needs the bearer token except `@Public()` ones (`security: []`).
 */
export function apiDocument(app: INestApplication, controllers: Type<unknown>[]): OpenAPIObject {
  describeValidatedClasses();
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Folio')
    .setDescription('The management API of a self-hosted Folio: the operations of the GitBook API it serves, and its own.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: "An API token: the bootstrap admin's (`DATA_DIR/admin-token`) or one from `npm run cli -- tokens create --user <id>`." }, TOKEN)
    .addSecurityRequirements(TOKEN)
    .build();
  const document = nullableAsTypes(SwaggerModule.createDocument(app, config, { operationIdFactory: operationId, autoTagControllers: true })) as OpenAPIObject;
  declarePathParameters(document);
  const open = publicOperations(controllers);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation === 'object' && operation !== null && 'operationId' in operation && open.has(operation.operationId as string)) {
        Object.assign(operation, { security: [] });
      }
    }
  }
  return document;
}

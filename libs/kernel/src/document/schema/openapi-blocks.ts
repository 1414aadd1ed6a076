import { metaWithId, NodeSchema, WRITTEN_CAPTION } from './node-schema';
import { fileOrUrlRef, openApiRef } from './shared-values';
import { anyString, arrayOf, boolean, Check, fields, optional } from './value-checks';

/** Blocks that show part of an OpenAPI specification: the whole spec (`swagger`), an operation, schemas, a webhook. */

const openApiBlock = (data: Check): NodeSchema => ({ data, dataRequired: true, isVoid: 'void', meta: metaWithId, ...WRITTEN_CAPTION });

export const OPENAPI_BLOCKS: Record<string, NodeSchema> = {
  // The spec's DocumentBlockOpenAPI: its type is `swagger`, its ref the specification's file or URL.
  swagger: openApiBlock(fields({ path: anyString, method: anyString, ref: fileOrUrlRef, expanded: optional(boolean), fullWidth: optional(boolean) })),
  'openapi-operation': openApiBlock(fields({ path: anyString, method: anyString, ref: openApiRef, headless: optional(boolean) })),
  'openapi-schemas': openApiBlock(fields({ schemas: arrayOf(anyString), grouped: optional(boolean), title: optional(anyString), ref: openApiRef })),
  'openapi-webhook': openApiBlock(fields({ name: anyString, method: anyString, ref: openApiRef, headless: optional(boolean) })),
};

import { isObject, own, ownString } from './spec-walk';

/** What a page's OpenAPI block asks of its spec (named by slug), read from the block's data. */
export type OpenAPIBlockRequest =
  | { type: 'openapi-operation'; spec: string; path: string; method: string }
  | { type: 'openapi-webhook'; spec: string; name: string; method: string }
  | { type: 'openapi-schemas'; spec: string; schemas: string[] };

export const OPENAPI_BLOCK_TYPES: ReadonlySet<string> = new Set(['openapi-operation', 'openapi-webhook', 'openapi-schemas']);

/**
 * The request of a block of one of OPENAPI_BLOCK_TYPES whose data has the fields its type needs (a block
 * kept as it came may carry anything), or null for any other node.
 */
export function openapiBlockOf(node: unknown): OpenAPIBlockRequest | null {
  const type = ownString(node, 'type');
  if (type === undefined || !OPENAPI_BLOCK_TYPES.has(type)) return null;
  const data = own(node, 'data');
  const ref = own(data, 'ref');
  const spec = ownString(ref, 'spec');
  if (!isObject(data) || ownString(ref, 'kind') !== 'openapi' || spec === undefined) return null;
  const method = ownString(data, 'method');
  if (type === 'openapi-operation') {
    const path = ownString(data, 'path');
    return path !== undefined && method !== undefined ? { type, spec, path, method } : null;
  }
  if (type === 'openapi-webhook') {
    const name = ownString(data, 'name');
    return name !== undefined && method !== undefined ? { type, spec, name, method } : null;
  }
  const schemas = own(data, 'schemas');
  return Array.isArray(schemas) && schemas.every((name) => typeof name === 'string') ? { type: 'openapi-schemas', spec, schemas } : null;
}

/** The key a request's printout is found by: the same request (on any page) is described once. */
export function openapiBlockKey(request: OpenAPIBlockRequest): string {
  switch (request.type) {
    case 'openapi-operation':
      return JSON.stringify([request.type, request.spec, request.method, request.path]);
    case 'openapi-webhook':
      return JSON.stringify([request.type, request.spec, request.method, request.name]);
    case 'openapi-schemas':
      return JSON.stringify([request.type, request.spec, ...request.schemas]);
  }
}

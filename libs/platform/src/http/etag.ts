import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { PreconditionFailed } from '../domain/errors';

/**
 * The ETag of each resource object a route is about to answer with. Kept beside the object, not on it:
 * JSON never shows it, and the object keeps the shape V8 serializes fastest.
 */
const etags = new WeakMap<object, string>();

/** Marks a resource with its stream revision, which the answer hooks send as its `ETag`. */
export function withETag<T extends object>(resource: T, streamRevision: string | bigint): T {
  etags.set(resource, `"${streamRevision}"`);
  return resource;
}

/** The ETag withETag gave `resource`, if any: sent by the answer hooks (answer-hooks.ts) for a later `If-Match`. */
export function etagOf(resource: object): string | undefined {
  return etags.get(resource);
}

/**
 * The stream revision an `If-Match` header expects, or undefined without one (or with `*`). A value
 * that is not one of our ETags can match no revision: 412, as for a stale one.
 */
export const IfMatch = createParamDecorator((_data: unknown, context: ExecutionContext): bigint | undefined => {
  const header = context.switchToHttp().getRequest<FastifyRequest>().headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header);
  if (!match) throw new PreconditionFailed(`If-Match ${header} is not an ETag of this resource`);
  return BigInt(match[1]);
});

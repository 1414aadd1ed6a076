import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { PreconditionFailed } from '../domain/errors';

/** Where a resource carries its ETag: a symbol key, so JSON never shows it. */
const ETAG = Symbol('etag');

/** Marks a resource with its stream revision, which the interceptor sends as its `ETag`. */
export function withETag<T extends object>(resource: T, streamRevision: string | bigint): T {
  Object.defineProperty(resource, ETAG, { value: `"${streamRevision}"`, enumerable: false });
  return resource;
}

/** Sends the `ETag` of a resource a route answers with (set by withETag), for a later `If-Match`. */
@Injectable()
export class ETagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        const etag = body !== null && typeof body === 'object' ? (body as { [ETAG]?: string })[ETAG] : undefined;
        if (etag) void context.switchToHttp().getResponse<FastifyReply>().header('etag', etag);
        return body;
      }),
    );
  }
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

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';
import { errorBody } from './error-body';
import { requestId } from './request-id';
import { StoreUnanswered } from '../store-deadline';

/** The HTTP status each domain refusal answers, wherever it is answered (routes, the body parser). */
export const DOMAIN_STATUS: Record<DomainError['kind'], number> = {
  Invalid: 400,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  InvalidPosition: 400,
  PreconditionFailed: 412,
  TooLarge: 413,
  Unavailable: 503,
};

/** Maps everything thrown by a route to the error body; unexpected errors are logged, never leaked. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, message } = this.describe(exception, request);
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, message));
  }

  private describe(exception: unknown, request: FastifyRequest): { status: number; message: string } {
    if (exception instanceof DomainError) return { status: DOMAIN_STATUS[exception.kind], message: exception.message };
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message);
      return { status: exception.getStatus(), message };
    }
    if (exception instanceof StoreUnanswered) {
      // Nothing the client did: the same request may succeed once the store answers again. What the
      // call was (a stream name) stays in the log.
      this.logger.warn({ err: exception, reqId: requestId(request) }, 'store did not answer');
      return { status: 503, message: `${exception.store} did not answer in time; try again later` };
    }
    // Fastify's own errors (body too large, bad content type) carry their status code.
    const code = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof code === 'number' && code >= 400 && code < 500) {
      return { status: code, message: (exception as Error).message };
    }
    const id = requestId(request);
    this.logger.error({ err: exception, reqId: id }, 'unexpected error');
    return { status: 500, message: `Unexpected error (request ${id})` };
  }
}

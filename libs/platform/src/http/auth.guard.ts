import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { Caller } from '../auth/caller';
import { IS_PUBLIC } from './public.decorator';
import { requestId } from './request-id';
import { TokenVerifier } from './token-verifier';

export type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

/** Every route needs `Authorization: Bearer <token>` unless marked `@Public()`. */
@Injectable()
export class AuthGuard implements CanActivate {
  /** Whether each route handler is public: decided once per handler, not read from its metadata per request. */
  private readonly publicHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException('Missing bearer token in the Authorization header');
    const userId = await this.tokens.verify(match[1]);
    if (!userId) throw new UnauthorizedException('Unknown or revoked API token');
    request.caller = {
      userId,
      source: 'api',
      // Read only by what appends events (or copies the caller): a read that appends nothing makes no id.
      get correlationId() {
        return requestId(request);
      },
    };
    return true;
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let known = this.publicHandlers.get(handler);
    if (known === undefined) {
      known = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
      this.publicHandlers.set(handler, known);
    }
    return known;
  }
}

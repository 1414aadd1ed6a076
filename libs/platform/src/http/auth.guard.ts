import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { Caller } from '../auth/caller';
import { IS_PUBLIC } from './public.decorator';
import { TokenVerifier } from './token-verifier';

export type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

/** Every route needs `Authorization: Bearer <token>` unless marked `@Public()`. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException('Missing bearer token in the Authorization header');
    const userId = await this.tokens.verify(match[1]);
    if (!userId) throw new UnauthorizedException('Unknown or revoked API token');
    request.caller = { userId, source: 'api', correlationId: String(request.id) };
    return true;
  }
}

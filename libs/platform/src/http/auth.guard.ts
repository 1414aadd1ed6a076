import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { Caller } from '../auth/caller';
import { readerUserId } from '../auth/reader';
import { bearerToken } from './bearer';
import { FOR_READERS } from './for-readers.decorator';
import { IS_PUBLIC } from './public.decorator';
import { requestId } from './request-id';
import { looksLikeJwt, SiteTokenVerifier } from './site-token-verifier';
import { TokenVerifier } from './token-verifier';

export type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

const REQUEST = Symbol('request');

/**
 * The caller's `correlationId`: the request's id, made on first read. Read only by what appends events (or
 * copies the caller): a read that appends nothing makes no id. One getter shared by every caller: a getter
 * written in each caller's literal was a new closure per request holding the request, which gave each caller
 * an object shape of its own that outlived it, and kept requests alive through young-generation collections
 * until a full one (measured: about a tenth of each collection's survivors promoted, none with this).
 */
const CORRELATION_ID: PropertyDescriptor = {
  get(this: { [REQUEST]: FastifyRequest }) {
    return requestId(this[REQUEST]);
  },
  enumerable: true,
};

/** `caller` with its `correlationId` (an own enumerable property, as a spread copies it) tied to `request`. */
function callerOf(request: FastifyRequest, caller: Omit<Caller, 'correlationId'>): Caller {
  Object.defineProperty(caller, REQUEST, { value: request });
  return Object.defineProperty(caller, 'correlationId', CORRELATION_ID) as Caller;
}

/**
 * Every route needs `Authorization: Bearer <token>` unless marked `@Public()`: an API token (a user), or
 * on routes marked `@ForReaders()` a site token (a reader of one published site). A site token anywhere
 * else is refused like no token at all (401), so that it learns nothing of what exists.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly publicHandlers = new WeakMap<object, boolean>();
  private readonly readerHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenVerifier,
    private readonly siteTokens: SiteTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.marked(context, IS_PUBLIC, this.publicHandlers)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw new UnauthorizedException('Missing bearer token in the Authorization header');
    if (looksLikeJwt(token)) return this.reader(context, request, token);
    const userId = await this.tokens.verify(token);
    if (!userId) throw new UnauthorizedException('Unknown or revoked API token');
    request.caller = callerOf(request, { userId, source: 'api' });
    return true;
  }

  private async reader(context: ExecutionContext, request: AuthenticatedRequest, token: string): Promise<boolean> {
    if (!this.marked(context, FOR_READERS, this.readerHandlers)) throw new UnauthorizedException('A site token only reads published content');
    const reader = await this.siteTokens.verify(token);
    if (!reader) throw new UnauthorizedException('Unknown or expired site token');
    request.caller = callerOf(request, { userId: readerUserId(reader.siteId), source: 'api', reader });
    return true;
  }

  /** Whether the route handler carries `key`: decided once per handler, not read from its metadata per request. */
  private marked(context: ExecutionContext, key: string, known: WeakMap<object, boolean>): boolean {
    const handler = context.getHandler();
    let marked = known.get(handler);
    if (marked === undefined) {
      marked = this.reflector.getAllAndOverride<boolean>(key, [handler, context.getClass()]) === true;
      known.set(handler, marked);
    }
    return marked;
  }
}

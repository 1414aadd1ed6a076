import { FastifyInstance, FastifyReply } from 'fastify';
import { hash } from 'node:crypto';
import { LruCache } from '../../caching/lru-cache';
import { RateLimitConfig } from '../../config/config';
import { AuthenticatedRequest } from '../auth.guard';
import { bearerToken } from '../bearer';
import { errorBody } from '../error-body';
import { BucketTable } from './bucket-table';
import { Draw } from './token-bucket';

/** Buckets kept per kind of caller: about 200 bytes each, so each table stays under ~10 MB whatever is sprayed at it. */
export const BUCKETS_PER_TABLE = 50_000;

/** Monitoring is never throttled: a scraper or a load balancer's probe refused with 429 would raise false alarms. */
const EXEMPT = /^\/(?:health|metrics)(?:[/?]|$)/;

/** Bucket keys of the tokens seen last: a client sends the same token on every request, and a SHA-256 each was a measurable part of a read's CPU. */
const KEYS_KEPT = 1_000;

/** Set on a request whose token has no bucket yet: the key its bucket gets once the guard has accepted the token. */
const UNPROVEN = Symbol('unproven token');
type LimitedRequest = AuthenticatedRequest & { [UNPROVEN]?: string };

/**
 * Token buckets per API token, and per client address for everything else, charged in Fastify's first
 * hooks (`onRequest`), before the body is read or a route runs, so that a refused request costs almost
 * nothing. Every answer, errors included, carries `X-RateLimit-Limit` (the bucket's size),
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` (the epoch second it is full again, as GitHub's); a
 * request that finds its bucket empty is answered 429 with `Retry-After` (seconds) and the error body.
 *
 * The token is verified only later, by the Nest guard, so a token counts as one only once it has been
 * accepted: until then (the first request of a token, and every request of a made-up one) it is charged
 * to its address. A flood of invalid tokens is thus limited per address, and only accepted tokens get
 * buckets of their own. The bucket key is a hash of the token: the table never holds secrets (the last
 * tokens' keys are kept in memory beside it, as the token verifier keeps their digests).
 * `now`: epoch milliseconds (tests give their own clock).
 */
export class RateLimits {
  private readonly tokens: BucketTable;
  private readonly addresses: BucketTable;
  private readonly keys = new LruCache<string, string>(KEYS_KEPT);

  constructor(
    config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new BucketTable(config.token, BUCKETS_PER_TABLE);
    this.addresses = new BucketTable(config.ip, BUCKETS_PER_TABLE);
  }

  /** Charges the request (its first hook, `onRequest`): false when refused, the 429 then sent. */
  charge(request: LimitedRequest, reply: FastifyReply): boolean {
    if (EXEMPT.test(request.url)) return true;
    const at = this.now();
    const token = bearerToken(request.headers.authorization);
    const key = token === undefined ? undefined : this.keyOf(token);
    let bucket = key === undefined ? undefined : this.tokens.existing(key);
    const chargedTo = bucket ? 'this token' : 'this address';
    if (!bucket) {
      bucket = this.addresses.bucket(request.ip, at);
      if (key !== undefined) request[UNPROVEN] = key;
    }
    const draw = bucket.take(at);
    setHeaders(reply, draw);
    if (draw.allowed) return true;
    refuse(reply, draw, chargedTo);
    return false;
  }

  /** Once answered (`onResponse`): the guard sets the caller once it accepts the token, which from then on has its own bucket. */
  answered(request: LimitedRequest) {
    const key = request[UNPROVEN];
    if (key !== undefined && request.caller && !this.tokens.existing(key)) this.tokens.add(key, this.now());
  }

  private keyOf(token: string): string {
    let key = this.keys.get(token);
    if (key === undefined) this.keys.set(token, (key = hash('sha256', token, 'base64')));
    return key;
  }
}

/** The limits alone in their own two hooks (the app charges them in its request hooks, request-hooks.ts). */
export function installRateLimits(fastify: FastifyInstance, config: RateLimitConfig, now: () => number = Date.now) {
  const limits = new RateLimits(config, now);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (limits.charge(request, reply)) done();
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    limits.answered(request);
    done();
  });
}

function setHeaders(reply: FastifyReply, draw: Draw) {
  void reply.header('x-ratelimit-limit', draw.limit).header('x-ratelimit-remaining', draw.remaining).header('x-ratelimit-reset', draw.resetAt);
}

function refuse(reply: FastifyReply, draw: Draw, chargedTo: string) {
  void reply
    .code(429)
    .header('retry-after', draw.retryAfter)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(429, `Rate limit of ${chargedTo} exceeded; try again in ${draw.retryAfter} s`));
}

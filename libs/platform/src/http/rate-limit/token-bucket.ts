import { BucketConfig } from '../../config/config';

/** What one request learns from its bucket: whether it may go on, and the figures its answer's headers show. */
export interface Draw {
  allowed: boolean;
  /** The bucket's size: the most requests a caller can make at once. */
  limit: number;
  /** Whole requests left after this one. */
  remaining: number;
  /** The epoch second by which the bucket is full again (GitHub's `X-RateLimit-Reset`). */
  resetAt: number;
  /** When refused: whole seconds until one request is allowed again (`Retry-After`), at least 1. */
  retryAfter: number;
}

/**
 * A token bucket: `burst` requests at once, refilled continuously at `perSecond`. Time comes from the
 * caller (epoch milliseconds), so the arithmetic is tested with a hand-moved clock and the hook reads the
 * wall clock once per request. The level is kept as a fraction: slow rates (one request every 10 s) refill
 * exactly, not in rounded steps.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly config: BucketConfig,
    now: number,
  ) {
    this.tokens = config.burst;
    this.at = now;
  }

  /** Takes one request's token if there is one; refused requests take nothing (a caller that waits gets through). */
  take(now: number): Draw {
    const { burst, perSecond } = this.config;
    // A clock that stepped back refills nothing rather than draining the bucket.
    const elapsed = Math.max(0, now - this.at);
    this.tokens = Math.min(burst, this.tokens + (elapsed * perSecond) / 1000);
    this.at = now;
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    const secondsToFull = (burst - this.tokens) / perSecond;
    return {
      allowed,
      limit: burst,
      remaining: Math.floor(this.tokens),
      resetAt: Math.ceil(now / 1000 + secondsToFull),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - this.tokens) / perSecond)),
    };
  }
}

import { LruCache } from '../../caching/lru-cache';
import { BucketConfig } from '../../config/config';
import { TokenBucket } from './token-bucket';

/**
 * The buckets of one kind of caller (API tokens, or addresses), by key, bounded: a spray of made-up keys
 * cannot grow it past `capacity`. A Map (keys come from outside) kept in least-recently-used order: each
 * use moves its key to the end, and a new key at capacity first evicts the least recently used bucket.
 * That one has been idle longest, so it is most likely full again, and forgetting a full bucket loses
 * nothing (a new one starts full); only a spray of more than `capacity` live keys makes the table forget
 * a caller's debt.
 */
export class BucketTable {
  // LruCache: a client's key is the most recent on most of its requests, and is then not re-inserted
  // (a Map delete+set per request left a deleted slot each time and rehashed the table every few requests).
  private readonly buckets: LruCache<string, TokenBucket>;

  constructor(
    readonly config: BucketConfig,
    capacity: number,
  ) {
    this.buckets = new LruCache(capacity);
  }

  /** The key's bucket, made (full) if it has none. */
  bucket(key: string, now: number): TokenBucket {
    return this.existing(key) ?? this.add(key, now);
  }

  /** The key's bucket if it has one, marked as just used. */
  existing(key: string): TokenBucket | undefined {
    return this.buckets.get(key);
  }

  /** A new (full) bucket for the key; at capacity, the least recently used bucket is forgotten. */
  add(key: string, now: number): TokenBucket {
    const bucket = new TokenBucket(this.config, now);
    this.buckets.set(key, bucket);
    return bucket;
  }

  get size(): number {
    return this.buckets.size;
  }
}

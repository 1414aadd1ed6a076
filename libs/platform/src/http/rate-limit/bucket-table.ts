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
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    readonly config: BucketConfig,
    private readonly capacity: number,
  ) {}

  /** The key's bucket, made (full) if it has none. */
  bucket(key: string, now: number): TokenBucket {
    return this.existing(key) ?? this.add(key, now);
  }

  /** The key's bucket if it has one, marked as just used. */
  existing(key: string): TokenBucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  add(key: string, now: number): TokenBucket {
    if (this.buckets.size >= this.capacity) this.buckets.delete(this.buckets.keys().next().value!);
    const bucket = new TokenBucket(this.config, now);
    this.buckets.set(key, bucket);
    return bucket;
  }

  get size(): number {
    return this.buckets.size;
  }
}

import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { Clock } from '@folio/platform/clock';
import { TokenUse, TokenUsageStore } from './token-usage.port';

/**
 * `lastUsedAt` is an hour-grained fact (GitHub shows "last used within the last week"): a use within an
 * hour of the one this process last recorded writes nothing.
 */
export const USE_GRANULARITY_MS = 3_600_000;
/** Tokens whose last recorded use is remembered: more active tokens than this only cost a write each an hour. */
const REMEMBERED = 10_000;
/** Uses waiting for the next write: beyond this (the store is stalled) a use is dropped, and a later request records it. */
const MAX_PENDING = 1_000;

/**
 * Records when API tokens are used, from the hot path of every request (the token verifier), without
 * costing that request anything but a Map lookup in the common case (used within the hour) and without
 * ever delaying or failing it: a use is queued, and the queue is written in one batch on a later turn of
 * the event loop, one batch at a time (the bound on concurrent writes); a failed write is logged, and
 * its tokens are forgotten so that their next request records them again.
 */
@Injectable()
export class TokenUsage implements OnApplicationShutdown {
  private readonly logger = new Logger('token-usage');
  /** Token id → the time (ms) of the use this process last recorded (or queued). */
  private readonly recorded = new LruCache<string, number>(REMEMBERED);
  private pending = new Map<string, string>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly store: TokenUsageStore,
    private readonly clock: Clock,
  ) {}

  /** The token was used just now. */
  used(tokenId: string): void {
    const now = this.clock.now().getTime();
    const last = this.recorded.get(tokenId);
    if (last !== undefined && now - last < USE_GRANULARITY_MS) return;
    if (this.pending.size >= MAX_PENDING) return;
    this.recorded.set(tokenId, now);
    this.pending.set(tokenId, new Date(now).toISOString());
    if (!this.writing) this.writing = new Promise((resolve) => setImmediate(resolve)).then(() => this.writePending());
  }

  /** When each of these tokens was last used, as far as the store knows (absent: never). */
  lastUsed(tokenIds: readonly string[]): Promise<Map<string, string>> {
    return this.store.lastUsed(tokenIds);
  }

  /** Resolves once every use queued so far is written (or its write failed). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writePending(): Promise<void> {
    const batch: TokenUse[] = [...this.pending].map(([tokenId, usedAt]) => ({ tokenId, usedAt }));
    this.pending = new Map();
    try {
      await this.store.record(batch);
    } catch (error) {
      for (const { tokenId } of batch) this.recorded.delete(tokenId);
      this.logger.error({ err: error, tokens: batch.length }, 'recording API token uses failed');
    }
    // Uses queued while this batch was written go in the next one.
    this.writing = this.pending.size > 0 ? this.writePending() : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
    await this.store.close();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { MarkedCache } from './marked-cache';

/** Answers kept: a site's answer for one visitor is up to a few MiB, so a handful. */
const MAX_ANSWERS = 16;
/** How long one is kept at most (see MarkedCache). */
const MAX_AGE_MS = 60_000;

/**
 * Published answers, serialized, for the visitors asking again while nothing changed: a site of a
 * thousand site spaces is rendered from thousands of documents and is a MiB of JSON, and a renderer asks
 * for it on every visit. An answer is kept under its request (site, caller, share key, visitor token)
 * while the read store's change mark stays the same (MarkedCache).
 */
@Injectable()
export class PublishedAnswers {
  private readonly kept: MarkedCache<string>;

  constructor(@Inject(READ_STORE) reads: ReadStore, clock: Clock) {
    this.kept = new MarkedCache(reads, clock, MAX_ANSWERS, MAX_AGE_MS);
  }

  /** The answer to `key`: kept while nothing changed, or rendered (and kept) now. */
  answer(key: string, render: () => Promise<unknown>): Promise<string> {
    return this.kept.get(key, async () => JSON.stringify(await render()));
  }
}

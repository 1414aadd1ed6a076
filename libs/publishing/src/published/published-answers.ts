import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';

/** Answers kept: a site's answer for one visitor is up to a few MiB, so a handful. */
const MAX_ANSWERS = 16;
/**
 * How long one is kept at most. Nothing committed is missed (the read store's change mark says so), but
 * what turns on the clock alone (a space passing its retention) is seen within this bound.
 */
const MAX_AGE_MS = 60_000;

interface Kept {
  mark: number;
  at: number;
  json: string;
}

/**
 * Published answers, serialized, for the visitors asking again while nothing changed: a site of a
 * thousand site spaces is rendered from thousands of documents and is a MiB of JSON, and a renderer asks
 * for it on every visit. An answer is kept under its request (site, caller, share key, visitor token)
 * with the read store's change mark taken before it was rendered, and given again only while the mark
 * is the same: any commit (by this process or, seen through SQLite's `data_version`, another) renders
 * anew. Where the store cannot tell (MongoDB), nothing is kept.
 */
@Injectable()
export class PublishedAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly clock: Clock,
  ) {}

  /** The answer to `key`: kept while nothing changed, or rendered (and kept) now. */
  async answer(key: string, render: () => Promise<unknown>): Promise<string> {
    const mark = this.reads.changes();
    const now = this.clock.now().getTime();
    const kept = this.kept.get(key);
    if (mark !== null && kept && kept.mark === mark && now - kept.at < MAX_AGE_MS) return kept.json;
    const json = JSON.stringify(await render());
    if (mark === null) return json;
    this.kept.delete(key);
    this.kept.set(key, { mark, at: now, json });
    // Oldest first: a Map iterates in insertion order.
    if (this.kept.size > MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    return json;
  }
}

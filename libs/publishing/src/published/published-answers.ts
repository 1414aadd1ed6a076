import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';

/** Answers kept: a site's answer for one visitor is up to a few MiB, so a handful. */
const MAX_ANSWERS = 16;

/**
 * Published answers, serialized, for the visitors asking again while nothing changed: a site of a
 * thousand site spaces is rendered from thousands of documents and is a MiB of JSON, and a renderer asks
 * for it on every visit. An answer is kept under its request (site, caller, share key, visitor) while
 * the read models are unchanged (KeptWhileUnchanged).
 */
@Injectable()
export class PublishedAnswers {
  private readonly kept: KeptWhileUnchanged<string>;

  constructor(@Inject(READ_STORE) reads: ReadStore, clock: Clock) {
    this.kept = new KeptWhileUnchanged(reads, clock, MAX_ANSWERS);
  }

  /** The answer to `key`: kept while nothing changed, or rendered (and kept) now. */
  answer(key: string, render: () => Promise<unknown>): Promise<string> {
    return this.kept.get(key, async () => JSON.stringify(await render()));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { serializeReply } from '@folio/platform/http/raw-json';

/**
 * Serialized answers of the reads every page view of a published site costs (a revision, a page with its
 * document), kept by everything that changes their text: a revision and its tree never change under their
 * ids, so the key is the revision, the page, the read's options and the file URL form (see FileLinks),
 * never the caller (whose access is checked before each answer is looked up). A revision of 5,000 pages
 * is megabytes of JSON that took 150 ms or more to render; kept, it is sent as it is. Bounded by bytes
 * (READER_CACHE_MB), least recently used first out; an answer larger than the whole bound is not kept.
 * Readers asking for one answer at the same time share one rendering.
 */
@Injectable()
export class ReaderAnswers {
  private readonly kept: LruCache<string, Buffer> | null;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(@Inject(CONFIG) config: FolioConfig) {
    const bytes = Math.floor(config.readerCacheMegabytes * 1024 * 1024);
    this.kept = bytes >= 1 ? new LruCache<string, Buffer>(bytes, (answer) => answer.byteLength) : null;
  }

  /** The answer's JSON bytes: kept under `key`, or rendered (and kept) now. */
  async answer(key: string, render: () => Promise<unknown>): Promise<Buffer> {
    const kept = this.kept?.get(key) ?? this.rendering.get(key);
    if (kept) return kept;
    const rendering = render().then((value) => {
      const bytes = Buffer.from(serializeReply(value));
      this.kept?.set(key, bytes);
      return bytes;
    });
    this.rendering.set(key, rendering);
    try {
      return await rendering;
    } finally {
      this.rendering.delete(key);
    }
  }
}

/** A key of parts that may hold any character: JSON, so no two lists of parts make one key. */
export const answerKey = (...parts: (string | number | boolean)[]) => JSON.stringify(parts);

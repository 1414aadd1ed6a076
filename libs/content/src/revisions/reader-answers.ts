import { Inject, Injectable } from '@nestjs/common';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { serializeReply } from '@folio/platform/http/raw-json';

const gzipped = promisify(gzip);

/**
 * An answer as JSON bytes, and gzipped once it was kept and compressed (null until then, and for an answer
 * not kept): a revision of 5,000 pages is 18 MB of JSON, a tenth of that gzipped, so sending it costs a tenth.
 * A route sends whichever the client accepts (SendsJsonBytes).
 */
export class JsonAnswer {
  constructor(
    readonly json: Buffer,
    readonly gzipped: Buffer | null = null,
  ) {}
}

/**
 * Serialized answers of the reads every page view of a published site costs (a revision, a page with its
 * document), kept by everything that changes their text: a revision and its tree never change under their
 * ids, so the key is the revision, the page, the read's options and the file URL form (see FileLinks),
 * never the caller (whose access is checked before each answer is looked up). A revision of 5,000 pages
 * is megabytes of JSON that took a second to render; kept, it is sent as it is. Bounded by bytes
 * (READER_CACHE_MB, the gzipped copies included), least recently used first out; an answer larger than the
 * whole bound is not kept. Readers asking for one answer at the same time share one rendering. A kept
 * answer is gzipped off the event loop (zlib's thread pool) and served gzipped from then on.
 */
@Injectable()
export class ReaderAnswers {
  private readonly kept: LruCache<string, JsonAnswer> | null;
  private readonly rendering = new Map<string, Promise<JsonAnswer>>();

  constructor(@Inject(CONFIG) config: FolioConfig) {
    const bytes = Math.floor(config.readerCacheMegabytes * 1024 * 1024);
    this.kept = bytes >= 1 ? new LruCache<string, JsonAnswer>(bytes, (answer) => answer.json.byteLength + (answer.gzipped?.byteLength ?? 0)) : null;
  }

  /** The answer: kept under `key`, or rendered (and kept) now. */
  async answer(key: string, render: () => Promise<unknown>): Promise<JsonAnswer> {
    const kept = this.kept?.get(key) ?? this.rendering.get(key);
    if (kept) return kept;
    const rendering = render().then((value) => {
      const answer = new JsonAnswer(Buffer.from(serializeReply(value)));
      this.keep(key, answer);
      return answer;
    });
    this.rendering.set(key, rendering);
    try {
      return await rendering;
    } finally {
      this.rendering.delete(key);
    }
  }

  private keep(key: string, answer: JsonAnswer) {
    const kept = this.kept;
    if (!kept) return;
    kept.set(key, answer);
    // Replaced by its gzipped twin only while it is still the one kept (not dropped or replaced meanwhile);
    // should compression fail, the answer is served as it is.
    void gzipped(answer.json).then(
      (compressed) => {
        if (kept.get(key) === answer) kept.set(key, new JsonAnswer(answer.json, compressed));
      },
      () => undefined,
    );
  }
}

/** A key of parts that may hold any character: JSON, so no two lists of parts make one key. */
export const answerKey = (...parts: (string | number | boolean)[]) => JSON.stringify(parts);

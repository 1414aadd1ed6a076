import { Inject, Injectable } from '@nestjs/common';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { JsonBytes } from '@folio/platform/http/json-bytes';
import { serializeReply } from '@folio/platform/http/raw-json';

const gzipped = promisify(gzip);

/**
 * An answer as JSON bytes, and gzipped when it has been (null otherwise), each joined from its parts only
 * when asked: a route sends one of the two (the platform's answer hooks), and joining the other would copy megabytes.
 */
export class JsonAnswer extends JsonBytes {
  constructor(
    private readonly parts: readonly Buffer[],
    private readonly gzippedParts: readonly Buffer[] | null = null,
  ) {
    super();
  }

  json(): Buffer {
    return this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
  }

  gzipped(): Buffer | null {
    return this.gzippedParts && Buffer.concat(this.gzippedParts);
  }
}

/**
 * A kept answer (a JSON object): its text, and once compressed, its text but the closing brace as one gzip
 * member. A gzip stream is any series of members, so the answer is that member and one more holding the
 * end: `}`, or fields read per request (a merge revision's `mergedFrom`) and `}`. Compressing a few bytes
 * per request, never the megabytes.
 */
export class KeptAnswer {
  constructor(
    readonly json: Buffer,
    readonly head: Buffer | null = null,
  ) {}

  /** The answer, with `extra`'s fields added last when given (bytes joined, never parsed). */
  send(extra: Record<string, unknown> = {}): JsonAnswer {
    const fields = JSON.stringify(extra).slice(1, -1);
    if (!fields) return new JsonAnswer([this.json], this.head && [this.head, CLOSING_MEMBER]);
    const end = Buffer.from(`,${fields}}`);
    return new JsonAnswer([this.json.subarray(0, this.json.length - 1), end], this.head && [this.head, gzipSync(end)]);
  }
}

const CLOSING_MEMBER = gzipSync('}');

/**
 * Serialized answers of the reads every page view of a published site costs (a revision, a page with its
 * document), kept by everything that changes their text: a revision and its tree never change under their
 * ids, so the key is the revision, the page, the read's options and the file URL form (see FileLinks),
 * never the caller (whose access is checked before each answer is looked up). A revision of 5,000 pages
 * is megabytes of JSON that took a second to render; kept, it is sent as it is. Bounded by bytes
 * (READER_CACHE_MB, the gzipped copies included), least recently used first out; an answer larger than the
 * whole bound is not kept. Readers asking for one answer at the same time share one rendering. A kept
 * answer is gzipped off the event loop (zlib's thread pool) and sent gzipped from then on: a revision of
 * 5,000 pages is 18 MB of JSON and a tenth of that gzipped.
 */
@Injectable()
export class ReaderAnswers {
  private readonly kept: LruCache<string, KeptAnswer> | null;
  private readonly rendering = new Map<string, Promise<KeptAnswer>>();

  constructor(@Inject(CONFIG) config: FolioConfig) {
    const bytes = Math.floor(config.readerCacheMegabytes * 1024 * 1024);
    this.kept = bytes >= 1 ? new LruCache<string, KeptAnswer>(bytes, (answer) => answer.json.byteLength + (answer.head?.byteLength ?? 0)) : null;
  }

  /** The answer (a JSON object): kept under `key`, or rendered (and kept) now. */
  async answer(key: string, render: () => Promise<object>): Promise<KeptAnswer> {
    const kept = this.kept?.get(key) ?? this.rendering.get(key);
    if (kept) return kept;
    const rendering = render().then((value) => {
      const answer = new KeptAnswer(Buffer.from(serializeReply(value)));
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

  private keep(key: string, answer: KeptAnswer) {
    const kept = this.kept;
    if (!kept) return;
    kept.set(key, answer);
    // One output chunk as large as the input: zlib otherwise comes back to the event loop every 16 KiB of
    // output. Replaced by its compressed twin only while it is still the one kept (not dropped or replaced
    // meanwhile); should compression fail, the answer is sent as it is.
    const head = answer.json.subarray(0, answer.json.length - 1);
    void gzipped(head, { chunkSize: Math.max(64 * 1024, head.byteLength) }).then(
      (compressed) => {
        if (kept.get(key) === answer) kept.set(key, new KeptAnswer(answer.json, compressed));
      },
      () => undefined,
    );
  }
}

/** A key of parts that may hold any character: JSON, so no two lists of parts make one key. */
export const answerKey = (...parts: (string | number | boolean)[]) => JSON.stringify(parts);

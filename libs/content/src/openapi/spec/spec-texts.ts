import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { RawJson } from '@folio/platform/http/raw-json';
import { readFileBytes, storeFileBytes } from '@folio/content/files/file-bytes';
import { StoredBytes } from './openapi-spec.events';

/** The bytes as the one piece of a source storeFileBytes reads. */
async function* once(bytes: Buffer) {
  yield bytes;
}

/** A spec's text (submitted or fetched) is at most this many bytes. */
export const MAX_SPEC_BYTES = 10 * 1024 * 1024;
/**
 * A parsed document is at most this many bytes of canonical JSON: more than its text (JSON escapes, YAML's
 * shorter syntax), bounded so that a document built from anchors cannot grow without end.
 */
export const MAX_DOCUMENT_BYTES = 4 * MAX_SPEC_BYTES;

/**
 * Specs' texts and parsed documents in the content-object store, as files are stored (chunked past one
 * object's size): events name them by hash. Equal texts are one object, so a hash compares two texts.
 */
@Injectable()
export class SpecTexts {
  constructor(@Inject(CONTENT_OBJECT_STORE) private readonly store: ContentObjectStore) {}

  storeText(bytes: Buffer): Promise<StoredBytes> {
    return this.stored(bytes, MAX_SPEC_BYTES, 'OpenAPI spec text');
  }

  /**
   * The document as JSON in the order it was written (TooLarge past MAX_DOCUMENT_BYTES): not canonical JSON,
   * whose sorted keys would list `paths`, operations and properties alphabetically where the author ordered
   * them for readers. The parse is a function of the text, so one text still stores one object.
   */
  storeDocument(document: Record<string, unknown>): Promise<StoredBytes> {
    return this.stored(Buffer.from(JSON.stringify(document)), MAX_DOCUMENT_BYTES, 'parsed OpenAPI document');
  }

  async bytes(stored: StoredBytes): Promise<Buffer> {
    const bytes = await readFileBytes(this.store, stored);
    if (bytes === null) throw new Error(`the stored OpenAPI object ${stored.object} is missing`);
    return bytes;
  }

  /** The document's stored JSON, spliced into a response as it is (never parsed for it). */
  async documentJson(stored: StoredBytes): Promise<RawJson> {
    return new RawJson(await this.bytes(stored));
  }

  private async stored(bytes: Buffer, maxBytes: number, name: string): Promise<StoredBytes> {
    const { object, size, chunked } = await storeFileBytes(this.store, once(bytes), { maxBytes, name });
    return chunked ? { object, size, chunked } : { object, size };
  }
}

import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { asBuffer, assertStorable, contentHash } from '@folio/platform/object-store/content-object-store.port';
import { PageDocument } from './document.model';

/** What a page without a stored document reads as. */
export const emptyDocument = (): PageDocument => ({ object: 'document', data: {}, nodes: [] });

/**
 * A page's stored bytes (its canonical JSON; a Uint8Array once they crossed to a worker thread) as its
 * document, the empty document for none.
 */
export function decodeDocument(bytes: Uint8Array | null): PageDocument {
  return bytes ? (JSON.parse(asBuffer(bytes).toString('utf8')) as PageDocument) : emptyDocument();
}

/**
 * A document in its stored form, its canonical JSON and that JSON's hash, as the tree stages it (`insertPage`,
 * `updatePage`): made where the document was, a worker thread for a large one, so that the event loop never
 * holds the document itself.
 */
export class EncodedDocument {
  readonly bytes: Buffer;

  constructor(
    bytes: Uint8Array,
    readonly hash: string,
  ) {
    // Bytes from a thread arrive as a Uint8Array; the store takes Buffers.
    this.bytes = asBuffer(bytes);
  }
}

/** The document's canonical JSON and hash. A content object: refused (413) past what the store holds in either mode. */
export function encodeDocument(document: PageDocument): { bytes: Buffer; hash: string } {
  const bytes = canonicalJson(document);
  assertStorable(bytes, "The page's document");
  return { bytes, hash: contentHash(bytes) };
}

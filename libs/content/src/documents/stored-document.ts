import { PageDocument } from './document.model';

/** What a page without a stored document reads as. */
export const emptyDocument = (): PageDocument => ({ object: 'document', data: {}, nodes: [] });

/**
 * A page's stored bytes (its canonical JSON; a Uint8Array once they crossed to a worker thread) as its
 * document, the empty document for none.
 */
export function decodeDocument(bytes: Uint8Array | null): PageDocument {
  return bytes ? (JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as PageDocument) : emptyDocument();
}

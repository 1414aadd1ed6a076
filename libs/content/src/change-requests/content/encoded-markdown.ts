import { markdownToDocument, ParsedMarkdown } from '@folio/kernel/markdown/markdown-to-document';
import { decodeDocument, encodeDocument } from '@folio/kernel/document/stored-document';
import { pairKeys } from '@folio/kernel/merge/pair-keys';
import { BatchRefs, RefDefinitions } from './batch-refs';

/** What a change's markdown is read with: the batch's refs so far, the change's index, and the page's stored document when updating one. */
export interface MarkdownInput {
  markdown: string;
  refs: RefDefinitions;
  index: number;
  /** The page's stored document (an update re-keys after it); null when inserting or the page has none. */
  previous: Uint8Array | null;
}

/** The markdown's page fields and its document as stored: canonical JSON and its hash (a Uint8Array once across a thread). */
export type EncodedMarkdown = Omit<ParsedMarkdown, 'document'> & { document: { bytes: Uint8Array; hash: string } };

/**
 * A change's markdown, all the way to the object the tree stores: parsed, its batch refs turned into ids,
 * keyed after the page's previous version, serialized and hashed. One function, so a worker thread does
 * every step that walks the document (see DocumentWork.encodeMarkdown) and the event loop gets bytes back:
 * a 48,000-node document's clone back, ref walk and canonical JSON each held it 40-150 ms.
 */
export function encodeMarkdown({ markdown, refs, index, previous }: MarkdownInput): EncodedMarkdown {
  const { document: parsed, ...front } = markdownToDocument(markdown);
  let document = BatchRefs.from(refs).inDocument(parsed, index);
  // Re-parsed markdown takes the keys of the blocks it keeps, so reviews and merges still pair them.
  if (previous) document = pairKeys(decodeDocument(previous), document);
  return { ...front, document: encodeDocument(document) };
}

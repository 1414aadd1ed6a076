import { IsObject, IsString } from 'class-validator';
import { Invalid } from '@folio/platform/domain/errors';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { assertJsonDocument } from '../change-requests/content/json-document';
import { MAX_DISCUSSION_NODES } from '@folio/kernel/document/document-limits';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { PageDocument } from '@folio/kernel/document/document.model';
import { DocumentWork } from '../documents/document-work';

/**
 * What content shares with collaboration of its documents: a comment's body is a page document, read
 * from markdown with the parser the content routes use, and answered as markdown with their serializer.
 */
export type { PageDocument } from '@folio/kernel/document/document.model';

/**
 * The client spec's Document as a request body: `{ markdown }` (the seed's), `{ document }` (a JSON
 * document) or `{}`. What each field holds is judged by `commentDocument`, not here.
 */
export class BodyInput {
  @IsOptionalNonNull()
  @IsString()
  markdown?: string;

  @IsOptionalNonNull()
  @IsObject()
  document?: PageDocument;
}

/** Markdown of a comment: 64 KiB (UTF-8) at most. */
export const MAX_COMMENT_MARKDOWN_BYTES = 64 * 1024;
/** A JSON document is about four times its markdown: the same room, in JSON. */
export const MAX_COMMENT_DOCUMENT_BYTES = 4 * MAX_COMMENT_MARKDOWN_BYTES;

/**
 * What reads a comment's markdown: content's DocumentWork (parsing in a worker thread past a few hundred
 * characters: 1 KiB of hostile markdown can take the parser a quarter second). Stateless: a context that
 * parses comments provides its own.
 */
export { DocumentWork } from '../documents/document-work';

/** The document a body stands for; Invalid (named `field`) for an empty, oversized or malformed one. */
export async function commentDocument(input: BodyInput, documents: DocumentWork, field = 'body'): Promise<PageDocument> {
  const { markdown, document } = input;
  if (markdown !== undefined && document !== undefined) throw new Invalid(`${field}: give markdown or document, not both`);
  if (markdown !== undefined) {
    if (Buffer.byteLength(markdown, 'utf8') > MAX_COMMENT_MARKDOWN_BYTES) {
      throw new Invalid(`${field}.markdown: must be at most ${MAX_COMMENT_MARKDOWN_BYTES} bytes`);
    }
    if (markdown.trim() === '') throw new Invalid(`${field}.markdown: must not be empty`);
    return (await documents.parse(markdown, MAX_DISCUSSION_NODES)).document;
  }
  if (document !== undefined) {
    if (Buffer.byteLength(JSON.stringify(document), 'utf8') > MAX_COMMENT_DOCUMENT_BYTES) {
      throw new Invalid(`${field}.document: must be at most ${MAX_COMMENT_DOCUMENT_BYTES} bytes of JSON`);
    }
    assertJsonDocument(document, `${field}.document`, MAX_DISCUSSION_NODES);
    if (document.nodes.length === 0) throw new Invalid(`${field}.document.nodes: must not be empty`);
    return document;
  }
  throw new Invalid(`${field}: give markdown or document`);
}

/** A body in the format a read asks for. */
export function commentBodyAs(document: PageDocument, format: 'document' | 'markdown' = 'document') {
  return format === 'markdown' ? { markdown: documentToMarkdown(document) } : { document };
}

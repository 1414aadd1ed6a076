import { DomainError } from '@folio/platform/domain/errors';
import { documentToMarkdown } from './document-to-markdown';
import { ReadOptions } from './dialect';
import { markdownToDocument, ParsedMarkdown } from './markdown-to-document';
import { normalizeMarkdown } from './normalize';

/**
 * How well a page survives the dialect: read and written once, is it the page it was after normalization
 * (normalize.ts), and does a second pass write the very same bytes (a fixpoint)? A page the reader refuses
 * answers why.
 */
export type PageFidelity = { refused: string } | { refused?: undefined; equal: boolean; fixpoint: boolean; written: string };

export function pageFidelity(markdown: string, options: ReadOptions = {}): PageFidelity {
  let written: string;
  try {
    written = rewrite(markdown, options);
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.message };
    throw error;
  }
  return { equal: normalizeMarkdown(markdown) === normalizeMarkdown(written), fixpoint: rewrite(written, options) === written, written };
}

function rewrite(markdown: string, options: ReadOptions): string {
  const { document, ...page } = markdownToDocument(markdown, options) as ParsedMarkdown;
  return documentToMarkdown(document, page, { links: options.links });
}

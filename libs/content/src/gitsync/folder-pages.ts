import { DomainError } from '@folio/platform/domain/errors';
import { decodeDocument, encodeDocument } from '@folio/kernel/document/stored-document';
import { FolderLinkData, FolderLinks } from '@folio/kernel/gitsync/folder-links';
import { PageFrontMatter } from '@folio/kernel/markdown/dialect';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { pairKeys } from '@folio/kernel/merge/pair-keys';
import { countKeptVerbatim } from './kept-verbatim';

/**
 * A batch of a folder's Markdown files read into stored documents, and of stored documents written as
 * Markdown, with the folder's links: whole batches go to a worker thread (DocumentWork), which takes the
 * link data once per batch rather than once per page.
 */

export interface PageToRead {
  /** The file's path in the folder: what its relative targets are resolved against. */
  path: string;
  markdown: string;
  /** Its stored document when the page is there already: the new one keeps the keys of the blocks it keeps. */
  previous: Uint8Array | null;
}

export type PageRead =
  /** `empty`: the document has no blocks (a page without content stores none). */
  | { path: string; front: PageFrontMatter; document: { bytes: Uint8Array; hash: string }; empty: boolean; keptVerbatim: number }
  /** Refused for what it is (a limit, hostile nesting): the reason, per page, so one page does not sink the batch. */
  | { path: string; refused: string };

export interface ReadBatch {
  links: FolderLinkData;
  pages: PageToRead[];
  maxNodes: number;
}

export function readFolderPages({ links, pages, maxNodes }: ReadBatch): PageRead[] {
  const folder = new FolderLinks(links);
  return pages.map(({ path, markdown, previous }) => {
    try {
      const { document: parsed, ...front } = markdownToDocument(markdown, { links: folder.of(path), maxNodes });
      const document = previous ? pairKeys(decodeDocument(previous), parsed) : parsed;
      return { path, front, document: encodeDocument(document), empty: document.nodes.length === 0, keptVerbatim: countKeptVerbatim(document) };
    } catch (error) {
      if (error instanceof DomainError) return { path, refused: error.message };
      throw error;
    }
  });
}

export interface PageToWrite {
  path: string;
  /** The stored document (null: an empty page). */
  bytes: Uint8Array | null;
  front: PageFrontMatter;
}

export interface WriteBatch {
  links: FolderLinkData;
  pages: PageToWrite[];
}

export interface PageWritten {
  markdown: string;
  keptVerbatim: number;
}

export function writeFolderPages({ links, pages }: WriteBatch): PageWritten[] {
  const folder = new FolderLinks(links);
  return pages.map(({ path, bytes, front }) => {
    const document = decodeDocument(bytes);
    return { markdown: documentToMarkdown(document, front, { links: folder.of(path) }), keptVerbatim: countKeptVerbatim(document) };
  });
}

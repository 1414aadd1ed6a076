import { Inject, Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { EncodedMarkdown, encodeMarkdown, MarkdownInput } from '../change-requests/content/encoded-markdown';
import { MAX_DOCUMENT_NODES } from '@folio/kernel/document/document-limits';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { markdownToDocument, ParsedMarkdown } from '@folio/kernel/markdown/markdown-to-document';
import { decodeDocument, EncodedDocument } from '@folio/kernel/document/stored-document';
import { PageRead, PageWritten, readFolderPages, ReadBatch, WriteBatch, writeFolderPages } from '../gitsync/folder-pages';

/**
 * Markdown (in UTF-16 units) and stored documents (in bytes) up to these sizes are handled on the event loop,
 * where they take about a millisecond, less than the hop to a thread and back. Markdown's bound is tight:
 * within the scan bounds micromark still has shapes that cost a quarter second per KiB (32-deep nested
 * images, a paragraph of 340 emphasis delimiters), so only what cannot hold one stays inline.
 */
export const INLINE_MARKDOWN_CHARS = 256;
/** A stored document's bound, in bytes of its JSON: 50 to 60 a node, so about the 500 nodes that take a millisecond. */
export const INLINE_DOCUMENT_BYTES = 32 * 1024;
/**
 * How long one page's parsing, key pairing or serializing may take in a thread. A page within the limits
 * (document-limits) takes well under a second; past this the input is refused (413) and the thread ended.
 */
export const DOCUMENT_TIME_LIMIT_MS = 20_000;

/** Resolved when first needed: tests of small pages never need the build. */
const worker = () => workerFile(__dirname, 'document.worker');

/**
 * Reading markdown into a page document (for a content change, on to its stored form), and writing a stored
 * document back as markdown: work that grows with the page, so a large page's is done by a worker thread
 * (the platform's WorkerPool, `document.worker.ts`) with a time limit, while other requests go on. Without
 * a pool (null: unit tests of the code that uses it) everything is done on the calling thread.
 */
@Injectable()
export class DocumentWork {
  constructor(@Inject(WorkerPool) private readonly pool: WorkerPool | null) {}

  /** `maxNodes` bounds the document, in the thread: a larger one never crosses back. */
  parse(markdown: string, maxNodes = MAX_DOCUMENT_NODES): Promise<ParsedMarkdown> {
    const here = () => markdownToDocument(markdown, { maxNodes });
    return this.run('parse', { markdown, maxNodes }, markdown.length <= INLINE_MARKDOWN_CHARS, 'Reading the markdown', here);
  }

  /** A content change's markdown as the tree stores it (see encodeMarkdown): only bytes come back from the thread. */
  async encodeMarkdown(input: MarkdownInput): Promise<Omit<ParsedMarkdown, 'document'> & { document: EncodedDocument }> {
    const isSmall = input.markdown.length <= INLINE_MARKDOWN_CHARS && (input.previous?.byteLength ?? 0) <= INLINE_DOCUMENT_BYTES;
    const { document, ...front } = await this.run<EncodedMarkdown>('encodeMarkdown', input, isSmall, 'Reading the markdown', () => encodeMarkdown(input));
    return { ...front, document: new EncodedDocument(document.bytes, document.hash) };
  }

  /**
   * A stored document (its bytes; null: the empty page) as markdown. The thread takes the bytes and parses
   * them itself: parsing a large document here and cloning the object graph to the thread each held the
   * event loop longer than the bytes' copy.
   */
  toMarkdown(bytes: Uint8Array | null, page: { title?: string; description?: string } = {}): Promise<string> {
    const isSmall = (bytes?.byteLength ?? 0) <= INLINE_DOCUMENT_BYTES;
    return this.run('toMarkdown', { bytes, page }, isSmall, 'Writing the page as markdown', () => documentToMarkdown(decodeDocument(bytes), page));
  }

  /**
   * A batch of a Git Sync folder's pages read with the folder's links (see folder-pages.ts): always in a
   * thread when there is a pool, since a batch is many pages. A page refused for what it is comes back as such.
   */
  readFolderPages(batch: ReadBatch): Promise<PageRead[]> {
    return this.run('readFolderPages', batch, false, 'Reading the folder', () => readFolderPages(batch));
  }

  /** A batch of stored documents written as a Git Sync folder's pages. */
  writeFolderPages(batch: WriteBatch): Promise<PageWritten[]> {
    return this.run('writeFolderPages', batch, false, 'Writing the folder', () => writeFolderPages(batch));
  }

  /** `task` of document.worker.ts on `input` in a thread, or `here` on this one when the input is small. */
  private async run<T>(task: string, input: unknown, isSmall: boolean, what: string, here: () => T): Promise<T> {
    if (isSmall || !this.pool) return here();
    return this.pool.run(worker(), task, input, { what, timeoutMs: DOCUMENT_TIME_LIMIT_MS });
  }
}

import { Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { pairKeys } from '../merge/pair-keys';
import { documentNodes } from './document-limits';
import { documentToMarkdown } from './document-to-markdown';
import { PageDocument } from './document.model';
import { markdownToDocument, ParsedMarkdown } from './markdown-to-document';

/**
 * Markdown (in UTF-16 units) and documents (in nodes) up to these sizes are handled on the event loop: a
 * page this small takes about a millisecond, less than the hop to a thread and back.
 */
export const INLINE_MARKDOWN_CHARS = 16 * 1024;
export const INLINE_DOCUMENT_NODES = 2000;
/**
 * How long one page's parsing, key pairing or serializing may take in a thread. A page within the limits
 * (document-limits) takes well under a second; past this the input is refused (413) and the thread ended.
 */
export const DOCUMENT_TIME_LIMIT_MS = 20_000;

/** Resolved when first needed: tests of small pages never need the build. */
const worker = () => workerFile(__dirname, 'document.worker');

/**
 * Reading markdown into a page document, pairing its keys with the page's previous version, and writing a
 * document back as markdown: work that grows with the page, so a large page's is done by a worker thread
 * (the platform's WorkerPool, `document.worker.ts`) with a time limit, while other requests go on.
 */
@Injectable()
export class DocumentWork {
  constructor(private readonly pool: WorkerPool) {}

  async parse(markdown: string): Promise<ParsedMarkdown> {
    if (markdown.length <= INLINE_MARKDOWN_CHARS) return markdownToDocument(markdown);
    return this.pool.run(worker(), 'parse', markdown, { what: 'Reading the markdown', timeoutMs: DOCUMENT_TIME_LIMIT_MS });
  }

  /** `next` keyed after `previous` (see pairKeys). */
  async pairKeys(previous: PageDocument, next: PageDocument): Promise<PageDocument> {
    if (small(previous) && small(next)) return pairKeys(previous, next);
    return this.pool.run(worker(), 'pairKeys', { previous, next }, { what: "Pairing the page's blocks", timeoutMs: DOCUMENT_TIME_LIMIT_MS });
  }

  async toMarkdown(document: PageDocument, page: { title?: string; description?: string } = {}): Promise<string> {
    if (small(document)) return documentToMarkdown(document, page);
    return this.pool.run(worker(), 'toMarkdown', { document, page }, { what: 'Writing the page as markdown', timeoutMs: DOCUMENT_TIME_LIMIT_MS });
  }
}

const small = (document: PageDocument) => documentNodes(document, INLINE_DOCUMENT_NODES) <= INLINE_DOCUMENT_NODES;

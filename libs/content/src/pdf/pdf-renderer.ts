import { Inject, Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { DOCUMENT_TIME_LIMIT_MS, INLINE_DOCUMENT_BYTES } from '../documents/document-work';
import { DocumentRefs, inspectDocument } from './document-refs';
import type { PdfInput } from './pdf-render';

/** How long printing one PDF may take in a thread; past this it is refused (413) and the thread ended. */
export const PDF_TIME_LIMIT_MS = 60_000;

/** Resolved when first needed: tests that render in-process never need the build. */
const worker = () => workerFile(__dirname, 'pdf.worker');

/**
 * Renders PDFs in a worker thread of the platform's pool, with a time limit: pdfkit's drawing grows with the
 * content, and a PDF of many pages holds the CPU for seconds. Without a pool (null: unit tests) it works on
 * the calling thread.
 */
@Injectable()
export class PdfRenderer {
  constructor(@Inject(WorkerPool) private readonly pool: WorkerPool | null) {}

  async render(input: PdfInput): Promise<Uint8Array> {
    // Loaded only here: the API draws in its pool's threads, and pdfkit with fontkit would take room in its heap.
    if (!this.pool) return (await import('./pdf-render')).renderPdf(input);
    return this.pool.run(worker(), 'render', input, { what: 'Printing the PDF', timeoutMs: PDF_TIME_LIMIT_MS });
  }

  /**
   * A page's document nodes (up to `maxNodes`) and references, read from its stored bytes: in a thread for a
   * large document, whose parsing and walks would hold the event loop (a quarter second at 48,000 nodes).
   */
  async inspect(bytes: Uint8Array, maxNodes: number): Promise<DocumentRefs & { nodes: number }> {
    const input = { bytes, maxNodes };
    if (!this.pool || bytes.byteLength <= INLINE_DOCUMENT_BYTES) return inspectDocument(input);
    return this.pool.run(worker(), 'inspect', input, { what: "Reading the page's document", timeoutMs: DOCUMENT_TIME_LIMIT_MS });
  }
}

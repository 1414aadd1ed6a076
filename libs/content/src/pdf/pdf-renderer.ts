import { Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { PdfInput } from './pdf-render';

/** How long printing one PDF may take in a thread; past this it is refused (413) and the thread ended. */
export const PDF_TIME_LIMIT_MS = 60_000;

/** Resolved when first needed: tests that render in-process never need the build. */
const worker = () => workerFile(__dirname, 'pdf.worker');

/**
 * Renders PDFs in a worker thread of the platform's pool, with a time limit: pdfkit's drawing grows with the
 * content, and a PDF of many pages holds the CPU for seconds.
 */
@Injectable()
export class PdfRenderer {
  constructor(private readonly pool: WorkerPool) {}

  render(input: PdfInput): Promise<Uint8Array> {
    return this.pool.run(worker(), 'render', input, { what: 'Printing the PDF', timeoutMs: PDF_TIME_LIMIT_MS });
  }
}

import { asBuffer } from '@folio/platform/object-store/content-object-store.port';
import { urlOfRef } from '@folio/kernel/document/content-ref-urls';
import { decodeDocument } from '@folio/kernel/document/stored-document';
import { ContentRef } from '@folio/kernel/document/document.model';
import { openapiBlockKey, OpenAPIBlockRequest } from '../openapi/blocks/openapi-block';
import { OpenAPIPrintout } from '../openapi/blocks/openapi-printout';
import { PdfFile, PdfLink } from './block-drawer';
import { PdfWriter } from './pdf-writer';

/** One page to print, as plain data a worker thread receives: where its references go, keyed by `urlOfRef`, and its files by id. */
export interface PrintedPage {
  id: string;
  title: string;
  description?: string;
  parent: string | null;
  /** The document's stored bytes, parsed by the thread that draws it (see PdfRenderer.inspect). */
  document: Uint8Array | null;
  links: Map<string, PdfLink | null>;
  files: Map<string, PdfFile | null>;
  /** What its OpenAPI blocks print, by `openapiBlockKey`. */
  openapi: Map<string, OpenAPIPrintout>;
}

/** What is printed: the PDF's title, its date (the content's, so the same content prints to the same bytes), and its pages. */
export interface PdfInput {
  title: string;
  createdAt: string;
  pages: PrintedPage[];
}

/** Draws the pages into a PDF's bytes. Pure and synchronous but for pdfkit's stream: run by `pdf.worker.ts`. */
export async function renderPdf(input: PdfInput): Promise<Uint8Array> {
  const writer = new PdfWriter({ title: input.title, createdAt: new Date(input.createdAt) });
  for (const { links, files, openapi, document, ...page } of input.pages) {
    // Bytes crossed the thread boundary as a Uint8Array: pdfkit opens images from Buffers.
    const file = (id: string): PdfFile | null => {
      const found = files.get(id);
      return found?.bytes ? { ...found, bytes: asBuffer(found.bytes) } : (found ?? null);
    };
    const assets = { link: (ref: ContentRef) => links.get(urlOfRef(ref)) ?? null, file, openapi: (request: OpenAPIBlockRequest) => openapi.get(openapiBlockKey(request)) ?? null };
    writer.page({ ...page, document: document && decodeDocument(document), assets });
  }
  return writer.finish();
}

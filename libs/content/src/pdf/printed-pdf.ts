import { MAX_CONTENT_OBJECT_BYTES } from '@folio/platform/object-store/content-object-store.port';

// What the printer (the API's thread) and the writer (the worker thread that draws) agree on, apart from the writer:
// importing it would load pdfkit and its fonts' code into the API's own heap, for drawing that happens elsewhere.

/** The largest PDF Folio makes: it is stored as one content object. */
export const MAX_PDF_BYTES = MAX_CONTENT_OBJECT_BYTES;

/** The named destination of a printed page: links to it from other pages of the PDF jump there. */
export const pageDestination = (pageId: string) => `page-${pageId}`;

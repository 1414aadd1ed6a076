import PDFParser from 'pdf2json';

/** What a PDF reader finds in a PDF: its text lines in the order they were drawn, page by page, and its link targets. */
export interface PdfContent {
  pages: string[][];
  /** Every line of every page, in order. */
  lines: string[];
}

/**
 * Opens a PDF with pdf2json (a PDF parser written in JavaScript, built on Mozilla's pdf.js) and reads its
 * text back, as a reader of the file would: tests check what a PDF says, not how it was made. Rejects when
 * the bytes are not a PDF it can read.
 */
export function readPdf(bytes: Buffer): Promise<PdfContent> {
  return new Promise((resolve, reject) => {
    const parser = new PDFParser(null, true);
    parser.on('pdfParser_dataError', (error) => reject(error.parserError));
    parser.on('pdfParser_dataReady', () => {
      const pages = parser
        .getRawTextContent()
        .split(/^-+Page \(\d+\) Break-+$/m)
        .slice(0, -1)
        .map((page) =>
          page
            .split(/\r?\n/)
            .map((line) => line.replace(/\s+/g, ' ').trim())
            .filter((line) => line !== ''),
        );
      resolve({ pages, lines: pages.flat() });
    });
    parser.parseBuffer(bytes, 0);
  });
}

/** Fails unless `expected` appear among `lines` in this order (each a substring of a later line than the one before). */
export function expectInOrder(lines: readonly string[], expected: readonly string[]): void {
  let from = 0;
  for (const text of expected) {
    const at = lines.findIndex((line, i) => i >= from && line.includes(text));
    if (at < 0) throw new Error(`"${text}" is not in the PDF after line ${from}:\n${lines.map((l, i) => `${i}: ${l}`).join('\n')}`);
    from = at + 1;
  }
}

import PDFDocument from 'pdfkit';
import { Invalid } from '@folio/platform/domain/errors';
import { PageDocument } from '@folio/kernel/document/document.model';
import { BlockDrawer, PageAssets } from './block-drawer';
import { FONT } from './pdf-fonts';
import { COLOR, GAP, MARGIN, PAGE_SIZE, SIZE } from './pdf-style';
import { MAX_PDF_BYTES, pageDestination } from './printed-pdf';

/** One page of content to print. */
export interface PdfPage {
  id: string;
  title: string;
  description?: string;
  /** The printed page it is nested under in the PDF's outline (bookmarks); null at the top. */
  parent: string | null;
  document: PageDocument | null;
  assets: PageAssets;
}

/**
 * A PDF being written, one content page after another, each from the top of a new sheet, with an outline
 * (bookmarks) following the page tree and sheet numbers in the footer. Sheets are buffered only while their
 * content page is drawn (quote bars are drawn back onto them), then written out, so memory holds the bytes
 * written so far and one page's sheets. More than MAX_PDF_BYTES is refused (Invalid) as soon as it is reached.
 *
 * The output depends only on what is printed and `createdAt` (no clock, no random ids), so printing the same
 * content twice gives the same bytes.
 */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly drawer: BlockDrawer;
  private readonly outline = new Map<string, PDFKit.PDFOutline>();
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly written: Promise<Buffer>;

  constructor(private readonly info: { title: string; createdAt: Date; maxBytes?: number }) {
    this.doc = new PDFDocument({
      size: PAGE_SIZE,
      margin: MARGIN,
      autoFirstPage: false,
      bufferPages: true,
      displayTitle: true,
      info: { Title: info.title, Creator: 'Folio', Producer: 'Folio', CreationDate: info.createdAt, ModDate: info.createdAt },
    });
    for (const path of Object.values(FONT)) this.doc.registerFont(path, path);
    this.drawer = new BlockDrawer(this.doc);
    this.doc.on('data', (chunk: Buffer) => {
      this.size += chunk.length;
      this.chunks.push(chunk);
    });
    this.written = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  page(page: PdfPage): void {
    this.writeSheets();
    const { doc } = this;
    doc.addPage();
    doc.addNamedDestination(pageDestination(page.id));
    const parent = page.parent === null ? undefined : this.outline.get(page.parent);
    this.outline.set(page.id, (parent ?? doc.outline).addItem(page.title));
    const frame = this.drawer.fullWidth();
    doc.font(FONT.bold).fontSize(SIZE.title).fillColor(COLOR.text).text(page.title, frame.left, doc.y, { width: frame.width, lineGap: GAP.line });
    if (page.description) {
      doc.y += GAP.tight;
      doc.font(FONT.regular).fontSize(SIZE.description).fillColor(COLOR.muted).text(page.description, { width: frame.width, lineGap: GAP.line });
    }
    doc.y += GAP.block * 2;
    if (page.document) this.drawer.draw(page.document.nodes, page.assets, frame);
    this.refuseOverSize();
  }

  /** Ends the PDF and answers its bytes. A PDF without content pages says so on its one sheet. */
  async finish(): Promise<Buffer> {
    if (this.outline.size === 0) {
      this.doc.addPage().font(FONT.bold).fontSize(SIZE.title).fillColor(COLOR.text).text(this.info.title);
      this.doc.font(FONT.italic).fontSize(SIZE.body).fillColor(COLOR.muted).text('There are no pages to print.');
    }
    this.writeSheets();
    this.doc.end();
    const bytes = await this.written;
    this.refuseOverSize();
    return bytes;
  }

  /** Numbers the buffered sheets and writes them out: nothing is drawn on them afterwards. */
  private writeSheets(): void {
    const { doc } = this;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const { margins, width, height } = doc.page;
      const bottom = margins.bottom;
      margins.bottom = 0; // the footer sits in the margin: writing there must not start a new sheet
      doc.font(FONT.regular).fontSize(SIZE.footer).fillColor(COLOR.muted);
      doc.text(String(i + 1), margins.left, height - bottom / 2, { width: width - margins.left - margins.right, align: 'center', lineBreak: false });
      margins.bottom = bottom;
    }
    doc.flushPages();
  }

  private refuseOverSize(): void {
    const max = this.info.maxBytes ?? MAX_PDF_BYTES;
    if (this.size > max) {
      throw new Invalid(`The PDF would be larger than ${(max / 1024 / 1024).toFixed(1)} MiB: print one page and its subpages (page), or one page alone (only=true)`);
    }
  }
}

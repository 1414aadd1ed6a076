import { Block, Code, ContentRef, Fragment, HintStyle, Image, ListItem, Table } from '@folio/kernel/document/document.model';
import { urlOfRef } from '@folio/kernel/document/content-ref-urls';
import { openapiBlockOf, OpenAPIBlockRequest } from '../openapi/blocks/openapi-block';
import { OpenAPIPrintout } from '../openapi/blocks/openapi-printout';
import { embeddableImage } from './embeddable-image';
import { openapiLines } from './openapi-lines';
import { FONT, fontOf } from './pdf-fonts';
import { COLOR, GAP, HINT_LABEL, INDENT, MAX_INDENT_LEVELS, SIZE } from './pdf-style';
import { blocksText, inlineRuns, plainText, Run } from './inline-runs';

/** Where a reference leads in the PDF: a page of this PDF (its named destination), or a URL. */
export type PdfLink = { destination: string } | { url: string };

/** A file a page shows, with its bytes when it is an image the PDF can embed (PNG or JPEG). */
export interface PdfFile {
  name: string;
  bytes?: Buffer;
}

/** What a page's references resolve to, found before it is drawn (drawing is synchronous). */
export interface PageAssets {
  link(ref: ContentRef): PdfLink | null;
  file(id: string): PdfFile | null;
  /** What an OpenAPI block prints from its spec (null: not resolved, the block prints as its text). */
  openapi(request: OpenAPIBlockRequest): OpenAPIPrintout | null;
}

/** A column of the page: content is drawn from `left`, `width` wide. */
interface Frame {
  left: number;
  width: number;
}

/** Tables wider than this show their first columns and say how many more there are. */
export const MAX_TABLE_COLUMNS = 12;
/**
 * Tables longer than this show their first rows and say how many more there are: pdfkit lays a table out
 * as a whole, in time and memory that a table of tens of thousands of rows makes minutes and gigabytes.
 */
export const MAX_TABLE_ROWS = 1000;
/** An image takes at most this share of the page's content height. */
const MAX_IMAGE_SHARE = 0.6;
const BULLETS = ['•', '◦', '▪'];

type Doc = PDFKit.PDFDocument;
/** An image pdfkit opened (`openImage`, which its typings leave out): drawn by passing it to `image`. */
interface PdfImage {
  width: number;
  height: number;
}
type Opener = { openImage(bytes: Buffer): PdfImage };

/**
 * Draws a page document's blocks with pdfkit, top to bottom, at the document's current position: headings,
 * paragraphs with their marks and links, lists (nested, numbered, tasks), code, tables, hints and quotes
 * (with a bar beside them, across page breaks), images, and the other blocks as their text. pdfkit breaks
 * pages as text flows; blocks drawn here (code lines, images, list markers) break them first when they
 * would not fit. The document must buffer its pages (`bufferPages`): bars are drawn back onto earlier pages.
 */
export class BlockDrawer {
  /** Images opened once per PDF: a picture shown on many pages is embedded once. */
  private readonly images = new Map<string, PdfImage | null>();

  constructor(private readonly doc: Doc) {}

  draw(blocks: readonly Block[], assets: PageAssets, frame: Frame = this.fullWidth()): void {
    new PageDrawing(this.doc, assets, this.images).blocks(blocks, frame, 0);
  }

  fullWidth(): Frame {
    const { margins, width } = this.doc.page;
    return { left: margins.left, width: width - margins.left - margins.right };
  }
}

class PageDrawing {
  constructor(
    private readonly doc: Doc,
    private readonly assets: PageAssets,
    private readonly images: Map<string, PdfImage | null>,
  ) {}

  blocks(blocks: readonly Block[] | undefined, frame: Frame, depth: number, gap: number = GAP.block): void {
    for (const block of blocks ?? []) this.block(block, frame, depth, gap);
  }

  private block(block: Block, frame: Frame, depth: number, gap: number): void {
    switch (block.type) {
      case 'paragraph':
        return this.text(inlineRuns(block.nodes), frame, { size: SIZE.body, gap, align: alignOf(block.data?.align) });
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const size = SIZE[block.type];
        this.doc.y += size * 0.6;
        this.keepRoomFor(size * 3);
        return this.text(inlineRuns(block.nodes), frame, { size, bold: true, gap: GAP.block });
      }
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return this.list(block.type, block.nodes, frame, depth, block.type === 'list-ordered' ? (block.data?.start ?? 1) : 1, gap);
      case 'list-item':
        return this.blocks(block.nodes, frame, depth, gap);
      case 'code':
        return this.code(block, frame, gap);
      case 'table':
        return this.table(block, frame, gap);
      case 'hint':
        return this.beside(COLOR.hint[hintStyle(block.data?.style)], frame, depth, gap, (inner) => {
          this.text([{ text: HINT_LABEL[hintStyle(block.data?.style)], bold: true }], inner, { size: SIZE.caption, color: COLOR.hint[hintStyle(block.data?.style)], gap: GAP.tight });
          this.blocks(block.nodes, inner, depth + 1, GAP.tight);
        });
      case 'blockquote':
        return this.beside(COLOR.quote, frame, depth, gap, (inner) => this.blocks(block.nodes, inner, depth + 1, GAP.tight));
      case 'images':
        for (const image of block.nodes ?? []) this.image(image, frame, gap);
        return;
      case 'image':
        return this.image(block, frame, gap);
      case 'divider':
        this.keepRoomFor(GAP.block * 2);
        this.doc.y += GAP.block / 2;
        this.doc.save().moveTo(frame.left, this.doc.y).lineTo(frame.left + frame.width, this.doc.y).lineWidth(0.75).strokeColor(COLOR.rule).stroke().restore();
        this.doc.y += GAP.block;
        return;
      case 'math':
        return this.text([{ text: block.data.formula, code: true }], frame, { size: SIZE.body, gap });
      case 'file': {
        const file = this.assets.file(block.data.ref.file);
        return this.text([{ text: `File: ${file?.name ?? block.data.ref.file}`, italic: true }], frame, { size: SIZE.body, color: COLOR.muted, gap });
      }
      case 'content-ref':
        return this.text([{ text: `→ ${this.refLabel(block.data.ref)}`, ref: block.data.ref }], frame, { size: SIZE.body, gap });
      case 'openapi-operation':
      case 'openapi-webhook':
      case 'openapi-schemas': {
        const request = openapiBlockOf(block);
        const printout = request && this.assets.openapi(request);
        if (printout) return this.openapi(printout, frame, depth, gap);
        return this.text([{ text: blocksText([block]) }], frame, { size: SIZE.body, gap });
      }
      case 'expandable':
        return this.fragments(block.fragments, frame, depth, gap, (fragment) => fragment.fragment === 'expandable-title');
      case 'tabs':
        for (const tab of block.nodes ?? []) {
          if (tab.data?.title) this.text([{ text: tab.data.title, bold: true }], frame, { size: SIZE.body, gap: GAP.tight });
          this.blocks(tab.nodes, frame, depth, gap);
        }
        return;
      default:
        // A block of the spec Folio has no drawing for: its text, so nothing written is lost.
        return this.text([{ text: blocksText([block]) }], frame, { size: SIZE.body, gap });
    }
  }

  /** A paragraph of runs, wrapped to the frame; pdfkit adds pages as the text flows. */
  private text(runs: Run[], frame: Frame, style: { size: number; bold?: boolean; color?: string; gap: number; align?: 'left' | 'center' | 'right' }): void {
    if (runs.length === 0) return;
    const { doc } = this;
    doc.fontSize(style.size);
    runs.forEach((run, i) => {
      const link = run.ref ? this.assets.link(run.ref) : null;
      doc.font(fontOf({ bold: run.bold || style.bold, italic: run.italic, code: run.code }));
      doc.fillColor(link ? COLOR.link : run.code ? COLOR.code : (style.color ?? COLOR.text));
      // Every option is given on every run: pdfkit carries a continued text's options over to the next call.
      const options: PDFKit.Mixins.TextOptions = {
        continued: i < runs.length - 1,
        width: frame.width,
        lineGap: GAP.line,
        align: style.align ?? 'left',
        link: link && 'url' in link ? link.url : null,
        goTo: link && 'destination' in link ? link.destination : undefined,
        underline: link !== null,
        strike: run.strike ?? false,
      } as PDFKit.Mixins.TextOptions;
      if (i === 0) doc.text(run.text, frame.left, doc.y, options);
      else doc.text(run.text, options);
    });
    doc.y += style.gap;
  }

  private list(type: 'list-ordered' | 'list-unordered' | 'list-tasks', items: ListItem[] | undefined, frame: Frame, depth: number, start: number, gap: number): void {
    const indent = depth < MAX_INDENT_LEVELS ? INDENT : 0;
    const inner = { left: frame.left + indent, width: frame.width - indent };
    (items ?? []).forEach((item, i) => {
      const marker = type === 'list-ordered' ? `${start + i}.` : type === 'list-tasks' ? (item.data?.checked ? '☑' : '☐') : BULLETS[depth % BULLETS.length];
      this.doc.font(FONT.regular).fontSize(SIZE.body);
      this.keepRoomFor(this.doc.currentLineHeight(true));
      const y = this.doc.y;
      this.doc.fillColor(COLOR.muted).text(marker, inner.left - indent, y, { lineBreak: false });
      this.doc.y = y;
      this.blocks(item.nodes, inner, depth + 1, GAP.tight);
    });
    this.doc.y += gap - GAP.tight;
  }

  /** Code, line by line on a grey band in the monospace font: a long block breaks between lines. */
  private code(block: Code, frame: Frame, gap: number): void {
    const { doc } = this;
    const pad = 6;
    if (block.data?.title) this.text([{ text: block.data.title, code: true, bold: true }], frame, { size: SIZE.caption, color: COLOR.muted, gap: GAP.tight });
    const lines = (block.nodes ?? []).map((line) => plainText(line.nodes).replace(/\t/g, '    '));
    doc.font(FONT.mono).fontSize(SIZE.code);
    lines.forEach((line, i) => {
      const text = line === '' ? ' ' : line;
      const options = { width: frame.width - 2 * pad, lineGap: GAP.line };
      const [above, below] = [i === 0 ? pad : 0, i === lines.length - 1 ? pad : 0];
      const height = doc.heightOfString(text, options);
      this.keepRoomFor(above + height + below);
      const y = doc.y;
      doc.save().rect(frame.left, y, frame.width, above + height + below).fill(COLOR.codeBackground).restore();
      doc.fillColor(COLOR.code).text(text, frame.left + pad, y + above, options);
      doc.y = y + above + height + below;
    });
    doc.y += gap;
  }

  /** A table's text columns as a grid, its header in bold (unless hidden), its records in their order. */
  private table(block: Table, frame: Frame, gap: number): void {
    const { doc } = this;
    const definition = block.data?.definition ?? {};
    const columns = (block.data?.view?.columns ?? []).filter((id) => definition[id]);
    const shown = columns.slice(0, MAX_TABLE_COLUMNS);
    if (shown.length === 0) return;
    const fragments = new Map((block.fragments ?? []).map((fragment) => [fragment.fragment, fragment]));
    const records = Object.values(block.data.records ?? {}).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
    const rows = records.slice(0, MAX_TABLE_ROWS).map((record) => shown.map((id) => {
      const value = record.values?.[id];
      return typeof value === 'string' ? blocksText(fragments.get(value)?.nodes) : '';
    }));
    const header = block.data.view.type === 'grid' && block.data.view.hideHeader ? [] : [shown.map((id) => ({ text: String(definition[id].title ?? ''), font: { src: FONT.bold } }))];
    doc.font(FONT.regular).fontSize(SIZE.table).fillColor(COLOR.text);
    this.keepRoomFor(doc.currentLineHeight(true) * 3);
    doc.table({
      position: { x: frame.left, y: doc.y },
      maxWidth: frame.width,
      defaultStyle: { border: 0.5, borderColor: COLOR.rule, padding: 4 },
      data: [...header, ...rows],
    });
    const left = [
      ...(columns.length > shown.length ? [`${columns.length - shown.length} more columns`] : []),
      ...(records.length > rows.length ? [`${records.length - rows.length} more rows`] : []),
    ];
    if (left.length > 0) {
      doc.y += GAP.tight;
      this.text([{ text: `${left.join(' and ')} are not shown.`, italic: true }], frame, { size: SIZE.caption, color: COLOR.muted, gap: 0 });
    }
    doc.y += gap;
  }

  /** Content drawn indented, with a colored bar at its left from its top to its bottom on every page it spans. */
  private beside(color: string, frame: Frame, depth: number, gap: number, content: (inner: Frame) => void): void {
    const { doc } = this;
    const indent = depth < MAX_INDENT_LEVELS ? 12 : 0;
    const start = this.position();
    content({ left: frame.left + indent, width: frame.width - indent });
    const end = this.position();
    if (indent > 0) {
      const { margins, height } = doc.page;
      for (let page = start.page; page <= end.page; page++) {
        doc.switchToPage(page);
        const top = page === start.page ? start.y : margins.top;
        const bottom = page === end.page ? end.y - GAP.tight : height - margins.bottom;
        if (bottom > top) doc.save().rect(frame.left, top, 3, bottom - top).fill(color).restore();
      }
      doc.switchToPage(end.page);
      doc.y = end.y;
    }
    doc.y += gap - GAP.tight;
  }

  private image(block: Image, frame: Frame, gap: number): void {
    const ref = block.data?.ref;
    const file = ref?.kind === 'file' ? this.assets.file(ref.file) : null;
    const caption = blocksText(block.fragments?.find((f) => f.fragment === 'caption')?.nodes) || block.data?.alt;
    const picture = ref?.kind === 'file' && file?.bytes ? this.opened(ref.file, file.bytes) : null;
    if (!picture) {
      const what = caption || file?.name || (ref?.kind === 'url' ? ref.url : 'image');
      this.text([{ text: `[Image: ${what}]`, italic: true, ...(ref?.kind === 'url' ? { ref } : {}) }], frame, { size: SIZE.body, color: COLOR.muted, gap });
      return;
    }
    const { doc } = this;
    const room = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) * MAX_IMAGE_SHARE;
    const scale = Math.min(1, frame.width / picture.width, room / picture.height);
    const [width, height] = [picture.width * scale, picture.height * scale];
    this.keepRoomFor(height);
    const y = doc.y;
    doc.image(picture as unknown as Buffer, frame.left, y, { width, height });
    doc.y = y + height + GAP.tight;
    if (caption) this.text([{ text: caption, italic: true }], frame, { size: SIZE.caption, color: COLOR.muted, gap: 0 });
    doc.y += gap;
  }

  /** The image pdfkit opened from these bytes, or null when they are not one it may be given (see embeddableImage). */
  private opened(fileId: string, bytes: Buffer): PdfImage | null {
    if (!this.images.has(fileId)) {
      let image: PdfImage | null = null;
      if (embeddableImage(bytes)) {
        try {
          image = (this.doc as unknown as Opener).openImage(bytes);
          if (!(image.width > 0 && image.height > 0)) image = null;
        } catch {
          image = null; // a JPEG whose markers pdfkit cannot read: captioned instead
        }
      }
      this.images.set(fileId, image);
    }
    return this.images.get(fileId)!;
  }

  /** An OpenAPI block's lines (openapiLines) beside a grey bar, its entries in the caption size. */
  private openapi(printout: OpenAPIPrintout, frame: Frame, depth: number, gap: number): void {
    this.beside(COLOR.rule, frame, depth, gap, (inner) => {
      for (const line of openapiLines(printout)) {
        const at = line.nested ? { left: inner.left + INDENT, width: inner.width - INDENT } : inner;
        const size = line.role === 'entry' || line.role === 'note' ? SIZE.caption : SIZE.body;
        this.text(line.runs, at, { size, color: line.role === 'note' ? COLOR.muted : undefined, gap: GAP.tight });
      }
    });
  }

  /** An expandable's title in bold, then its body (both are fragments holding blocks). */
  private fragments(fragments: Fragment[] | undefined, frame: Frame, depth: number, gap: number, isTitle: (fragment: Fragment) => boolean): void {
    for (const fragment of fragments ?? []) {
      if (isTitle(fragment)) this.text([{ text: blocksText(fragment.nodes), bold: true }], frame, { size: SIZE.body, gap: GAP.tight });
      else this.blocks(fragment.nodes, frame, depth, gap);
    }
  }

  private refLabel(ref: ContentRef): string {
    return ref.kind === 'file' ? (this.assets.file(ref.file)?.name ?? urlOfRef(ref)) : urlOfRef(ref);
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private keepRoomFor(height: number): void {
    const { doc } = this;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom && doc.y > doc.page.margins.top) doc.addPage();
  }

  private position(): { page: number; y: number } {
    const range = this.doc.bufferedPageRange();
    return { page: range.start + range.count - 1, y: this.doc.y };
  }
}

function hintStyle(style: HintStyle | undefined): HintStyle {
  return style && Object.hasOwn(HINT_LABEL, style) ? style : 'info';
}

function alignOf(align: 'start' | 'center' | 'end' | undefined): 'left' | 'center' | 'right' {
  return align === 'center' ? 'center' : align === 'end' ? 'right' : 'left';
}

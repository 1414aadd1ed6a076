import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { urlOfRef } from '@folio/kernel/document/content-ref-urls';
import { ContentRef } from '@folio/kernel/document/document.model';
import { readFileBytes } from '../files/file-bytes';
import { mediaTypeEssence } from '../files/media-type';
import { OpenAPISpecContents } from '../openapi/spec-contents';
import { TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { PdfFile, PdfLink } from './block-drawer';
import { DocumentRefs } from './document-refs';
import { PrintedPage } from './pdf-render';
import { OpenAPIPrintouts } from './openapi-printouts';
import { PdfRenderer } from './pdf-renderer';
import { MAX_PDF_BYTES, pageDestination } from './printed-pdf';

/** Files whose bytes are read to be embedded: the image formats a PDF can hold. */
const EMBEDDED_TYPES = new Set(['image/png', 'image/jpeg']);
/**
 * Document nodes one PDF prints, over all its pages: a thousand long pages. Counted as the pages are read,
 * before anything is drawn, so a PDF that would take minutes to draw is refused at once.
 */
export const MAX_PRINTED_NODES = 200_000;
/** Links a PDF reader may open: web pages and mail, nothing a viewer would run. */
const LINKABLE_URL = /^(https?:|mailto:)/i;

/** The content to print from, as ContentReads opened it. */
export interface PrintedContent {
  spaceId: string;
  /** The space's organization: the specs its OpenAPI blocks name are this organization's. */
  organizationId: string;
  snapshot: TreeSnapshot;
  /** The app's URL of this content: a page not in the PDF is linked to this plus its path. */
  app: string;
  title: string;
  /** When the content was made: the PDF's date, so the same content prints to the same bytes. */
  createdAt: string;
}

/**
 * Prints pages of a tree to a PDF and stores it in the content-object store, answering its hash: the same
 * content prints to the same bytes, hence the same object. Pages are read one at a time (their documents,
 * the files they show, where their links go) and counted against MAX_PRINTED_NODES and MAX_PDF_BYTES of
 * images; OpenAPI blocks are described from their spec's latest processed version (OpenAPISpecContents);
 * then a worker thread draws them all (PdfRenderer). Link pages are navigation, not content: they are not
 * printed.
 */
@Injectable()
export class PdfPrinter {
  constructor(
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    private readonly specs: OpenAPISpecContents,
  ) {}

  async print(content: PrintedContent, pages: PageNode[]): Promise<string> {
    const printed = new Set(pages.filter((page) => page.type !== 'link').map((page) => page.id));
    const budget: Budget = { nodes: 0, imageBytes: 0, images: new Set() };
    const openapi = new OpenAPIPrintouts(this.specs, content.organizationId);
    const input: PrintedPage[] = [];
    for (const page of pages) {
      if (!printed.has(page.id)) continue;
      // The document stays bytes on this thread: the renderer's threads parse it (see PdfRenderer.inspect).
      const document = await content.snapshot.documentBytes(page);
      const inside = document ? await this.renderer.inspect(document, MAX_PRINTED_NODES - budget.nodes) : { nodes: 0, refs: [], images: [], openapi: [] };
      budget.nodes += inside.nodes;
      if (budget.nodes > MAX_PRINTED_NODES) throw new Invalid(`A PDF prints at most ${MAX_PRINTED_NODES} document nodes: ${PRINT_LESS}`);
      const assets = await this.assets(content, page, inside, printed, budget);
      input.push({ id: page.id, title: page.title, description: page.description, parent: page.parent, document, ...assets, openapi: await openapi.of(inside.openapi) });
    }
    const bytes = await this.renderer.render({ title: content.title, createdAt: content.createdAt, pages: input });
    const [hash] = await this.objects.put([bytes]);
    return hash;
  }

  /**
   * Where the page's references go and the files it shows, resolved before it is drawn (drawing is synchronous).
   * Images are embedded as they are, so theirs (each object once) may not add up past MAX_PDF_BYTES.
   */
  private async assets(content: PrintedContent, page: PageNode, { refs, images: shown }: DocumentRefs, printed: Set<string>, budget: Budget) {
    const links = new Map<string, PdfLink | null>();
    const files = new Map<string, PdfFile | null>();
    for (const ref of refs) {
      const key = urlOfRef(ref);
      if (!links.has(key)) links.set(key, await this.link(content, page, ref, printed));
      if (ref.kind === 'file' && !files.has(ref.file)) files.set(ref.file, await this.file(content.snapshot, ref.file, shown.includes(ref.file), budget));
    }
    return { links, files };
  }

  private async link(content: PrintedContent, page: PageNode, ref: ContentRef, printed: Set<string>): Promise<PdfLink | null> {
    // Another space's content: Folio knows its pages' paths only by reading that space, so the link goes to the space.
    const otherSpace = ref.kind === 'space' ? ref.space : 'space' in ref && ref.space !== content.spaceId ? ref.space : undefined;
    if (otherSpace) return { url: `${this.config.appUrl}/s/${otherSpace}` };
    switch (ref.kind) {
      case 'url':
        return LINKABLE_URL.test(ref.url) ? { url: ref.url } : null;
      case 'page':
      case 'anchor': {
        const target = ref.kind === 'page' ? ref.page : (ref.page ?? page.id);
        if (printed.has(target)) return { destination: pageDestination(target) };
        const path = await content.snapshot.pathOf(target).catch((error: unknown) => {
          if (error instanceof NotFound) return null; // a broken link: printed as text
          throw error;
        });
        return path === null ? null : { url: path ? `${content.app}/${path}` : content.app };
      }
      default:
        // Files are shown, not linked (a download link would expire within the hour); users have no page.
        return null;
    }
  }

  private async file(snapshot: TreeSnapshot, id: string, shown: boolean, budget: Budget): Promise<PdfFile | null> {
    const entry = await snapshot.file(id);
    if (!entry) return null;
    if (!shown || !EMBEDDED_TYPES.has(mediaTypeEssence(entry.contentType))) return { name: entry.name };
    if (!budget.images.has(entry.object)) {
      budget.images.add(entry.object);
      budget.imageBytes += entry.size;
    }
    if (budget.imageBytes > MAX_PDF_BYTES) {
      throw new Invalid(`The PDF's images add up to more than ${MAX_PDF_BYTES / 1024 / 1024} MiB: ${PRINT_LESS}`);
    }
    const bytes = await readFileBytes(this.objects, entry);
    return bytes ? { name: entry.name, bytes } : { name: entry.name };
  }
}

/** What a PDF has used so far of its limits. */
interface Budget {
  nodes: number;
  imageBytes: number;
  /** Objects of the images counted (an image shown on many pages is embedded once). */
  images: Set<string>;
}

const PRINT_LESS = 'print one page and its subpages (page), or one page alone (only=true)';

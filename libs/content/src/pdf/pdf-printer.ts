import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { urlOfRef } from '../documents/content-ref-urls';
import { ContentRef, PageDocument } from '../documents/document.model';
import { mediaTypeEssence } from '../files/media-type';
import { TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';
import { PageAssets, PdfFile, PdfLink } from './block-drawer';
import { documentRefs } from './document-refs';
import { pageDestination, PdfWriter } from './pdf-writer';

/** Files whose bytes are read to be embedded: the image formats a PDF can hold. */
const EMBEDDED_TYPES = new Set(['image/png', 'image/jpeg']);
/** Links a PDF reader may open: web pages and mail, nothing a viewer would run. */
const LINKABLE_URL = /^(https?:|mailto:)/i;

/** The content to print from, as ContentReads opened it. */
export interface PrintedContent {
  spaceId: string;
  snapshot: TreeSnapshot;
  /** The app's URL of this content: a page not in the PDF is linked to this plus its path. */
  app: string;
  title: string;
  /** When the content was made: the PDF's date, so the same content prints to the same bytes. */
  createdAt: string;
}

/**
 * Prints pages of a tree to a PDF and stores it in the content-object store, answering its hash: the same
 * content prints to the same bytes, hence the same object. Pages are read and drawn one at a time (their
 * documents, the files they show, where their links go), so memory holds one page's content and the PDF.
 * Link pages are navigation, not content: they are not printed.
 */
@Injectable()
export class PdfPrinter {
  constructor(
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async print(content: PrintedContent, pages: PageNode[]): Promise<string> {
    const printed = new Set(pages.filter((page) => page.type !== 'link').map((page) => page.id));
    const writer = new PdfWriter({ title: content.title, createdAt: new Date(content.createdAt) });
    for (const page of pages) {
      if (!printed.has(page.id)) continue;
      const document = page.document ? await content.snapshot.document(page) : null;
      writer.page({
        id: page.id,
        title: page.title,
        description: page.description,
        parent: page.parent,
        document,
        assets: await this.assets(content, page, document, printed),
      });
    }
    const [hash] = await this.objects.put([await writer.finish()]);
    return hash;
  }

  /** Where the page's references go and the files it shows, resolved before it is drawn. */
  private async assets(content: PrintedContent, page: PageNode, document: PageDocument | null, printed: Set<string>): Promise<PageAssets> {
    const links = new Map<string, PdfLink | null>();
    const files = new Map<string, PdfFile | null>();
    const { refs, images } = document ? documentRefs(document) : { refs: [], images: [] };
    for (const ref of refs) {
      const key = urlOfRef(ref);
      if (!links.has(key)) links.set(key, await this.link(content, page, ref, printed));
      if (ref.kind === 'file' && !files.has(ref.file)) files.set(ref.file, await this.file(content.snapshot, ref.file, images.includes(ref.file)));
    }
    return { link: (ref) => links.get(urlOfRef(ref)) ?? null, file: (id) => files.get(id) ?? null };
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

  private async file(snapshot: TreeSnapshot, id: string, shown: boolean): Promise<PdfFile | null> {
    const entry = await snapshot.file(id);
    if (!entry) return null;
    if (!shown || !EMBEDDED_TYPES.has(mediaTypeEssence(entry.contentType))) return { name: entry.name };
    const bytes = await this.objects.get(entry.object);
    return bytes ? { name: entry.name, bytes } : { name: entry.name };
  }
}

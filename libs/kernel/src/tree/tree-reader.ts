import { yieldToEventLoop } from '@folio/platform/concurrency/yield-to-event-loop';
import { NotFound } from '@folio/platform/domain/errors';
import { PageDocument } from '../document/document.model';
import { decodeDocument } from '../document/stored-document';
import { DocumentOwner, TreeSnapshot } from './content-trees';
import { FileEntry, FolderRedirect, PageNode, ReusableContentEntry, Variables } from './tree.model';

/** Documents larger than this (about 4,000 nodes) are parsed on a later turn of the event loop. */
const YIELD_BEFORE_PARSING_BYTES = 256 * 1024;

/** The reads every tree answers, on top of two primitives: the root pages and pages by id (batched). */
export abstract class TreeReader implements TreeSnapshot {
  abstract readonly hash: string;
  abstract readonly rootPages: readonly string[];
  /** The pages with these ids, in order (null for each unknown id). */
  abstract pagesById(ids: readonly string[]): Promise<(PageNode | null)[]>;
  abstract documentBytes(of: DocumentOwner): Promise<Buffer | null>;
  abstract files(): Promise<FileEntry[]>;
  abstract file(id: string): Promise<FileEntry | null>;
  abstract reusableContents(): Promise<ReusableContentEntry[]>;
  abstract reusableContent(id: string): Promise<ReusableContentEntry | null>;
  abstract variables(): Promise<Variables>;
  abstract folderRedirects(): Promise<FolderRedirect[]>;

  /**
   * Parsed from its bytes: each caller gets its own copy, which it may change. A large document's parse
   * holds the event loop for tens of milliseconds (a 2.8 MB one, 100-130 ms), so what waits goes first:
   * main's projections parse a merged page once each, in a pass whose awaits otherwise never let a request
   * in (a 48,000-node page's merge held every request 0.7-0.9 s).
   */
  async document(of: DocumentOwner): Promise<PageDocument | null> {
    const bytes = await this.documentBytes(of);
    if (!bytes) return null;
    if (bytes.byteLength > YIELD_BEFORE_PARSING_BYTES) await yieldToEventLoop();
    return decodeDocument(bytes);
  }

  async page(id: string): Promise<PageNode | null> {
    return (await this.pagesById([id]))[0];
  }

  /** The children of a page (or the root pages), in order. */
  async childrenOf(parent: string | null): Promise<PageNode[]> {
    const ids = parent === null ? this.rootPages : ((await this.page(parent))?.children ?? []);
    return (await this.pagesById(ids)).filter((node) => node !== null);
  }

  async pages(): Promise<PageNode[]> {
    // Read level by level (one batch per depth), then list depth-first.
    const byId = new Map<string, PageNode>();
    for (let level: readonly string[] = this.rootPages; level.length > 0; ) {
      const nodes = (await this.pagesById(level)).filter((node) => node !== null);
      for (const node of nodes) byId.set(node.id, node);
      level = nodes.flatMap((node) => node.children);
    }
    const ordered: PageNode[] = [];
    const visit = (ids: readonly string[]) => {
      for (const id of ids) {
        const node = byId.get(id);
        if (!node) continue;
        ordered.push(node);
        visit(node.children);
      }
    };
    visit(this.rootPages);
    return ordered;
  }

  async pageByPath(path: string): Promise<PageNode | null> {
    const segments = path.split('/').filter((segment) => segment.length > 0);
    if (segments.length === 0) return null;
    let found: PageNode | undefined;
    for (const segment of segments) {
      const parent: string | null = found ? found.id : null;
      found = (await this.childrenOf(parent)).find((child) => child.slug === segment);
      if (!found) return null;
    }
    return found ?? null;
  }

  async pathOf(id: string): Promise<string> {
    const slugs: string[] = [];
    for (let at: string | null = id; at !== null; ) {
      const node: PageNode | null = await this.page(at);
      if (node === null) throw new NotFound(`page ${at}`);
      slugs.unshift(node.slug);
      at = node.parent;
    }
    return slugs.join('/');
  }
}

import { frontMatterOf } from '@folio/kernel/markdown/dialect';
import { mapConcurrently } from '@folio/platform/concurrency/map-concurrently';
import { DocumentWork } from '../documents/document-work';
import { RawJson } from '@folio/platform/http/raw-json';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { emptyDocument } from '@folio/kernel/document/stored-document';
import { DOCUMENT_READS, type TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { PageBody, PageView } from './revision-page.resource';

const childPath = (parent: string, slug: string) => (parent ? `${parent}/${slug}` : slug);

/** A document page without a stored document answers the empty document. */
export const EMPTY_DOCUMENT = new RawJson(canonicalJson(emptyDocument()));

/**
 * How a page's body is answered: as stored (its bytes, spliced into the response: see RawJson), or as markdown
 * (written by a worker thread for a large page). The event loop never parses a document to answer it.
 */
export type BodyFormat = { format: 'document' } | { format: 'markdown'; documents: DocumentWork };

/** A document page's document as stored (the empty document when it has none); null for a group or link page. */
export async function pageDocument(snapshot: TreeSnapshot, node: PageNode): Promise<RawJson | null> {
  return node.type === 'document' ? storedDocument(snapshot, node) : null;
}

async function storedDocument(snapshot: TreeSnapshot, node: PageNode): Promise<RawJson> {
  const bytes = await snapshot.documentBytes(node);
  return bytes ? new RawJson(bytes) : EMPTY_DOCUMENT;
}

async function body(snapshot: TreeSnapshot, node: PageNode, as: BodyFormat): Promise<PageBody | null> {
  if (node.type !== 'document') return null;
  if (as.format === 'document') return { document: await storedDocument(snapshot, node) };
  return { markdown: await as.documents.toMarkdown(await snapshot.documentBytes(node), frontMatterOf(node)) };
}

/** The views of `nodes` (a page and everything below it, or a whole tree), their bodies read DOCUMENT_READS at a time. */
async function viewsOf(snapshot: TreeSnapshot, nodes: Map<string, PageNode>, as: BodyFormat) {
  const all = [...nodes.values()];
  const read = await mapConcurrently(all, DOCUMENT_READS, (node) => body(snapshot, node, as));
  const bodies = new Map(all.map((node, i) => [node.id, read[i]]));
  const existing = (id: string) => {
    const node = nodes.get(id);
    if (!node) throw new Error(`tree ${snapshot.hash} names page ${id}, which its page map lacks`);
    return node;
  };
  const view = (node: PageNode, path: string): PageView => ({
    node,
    path,
    body: bodies.get(node.id) ?? null,
    pages: node.children.map(existing).map((child) => view(child, childPath(path, child.slug))),
  });
  return { existing, view };
}

/**
 * One page and its subpages, loaded by id from the page map a level at a time: the cost follows the page's
 * subtree and the depth of the map, never the size of the space. `path` is the page's own.
 */
export async function pageView(snapshot: TreeSnapshot, node: PageNode, path: string, as: BodyFormat): Promise<PageView> {
  const nodes = new Map([[node.id, node]]);
  for (let level = [node]; level.length > 0; ) {
    const ids = level.flatMap((parent) => parent.children);
    level = (await snapshot.pagesById(ids)).map((child, i) => {
      if (!child) throw new Error(`tree ${snapshot.hash} names page ${ids[i]}, which its page map lacks`);
      nodes.set(child.id, child);
      return child;
    });
  }
  return (await viewsOf(snapshot, nodes, as)).view(node, path);
}

/** Every page of the tree, nested under the root pages in order: one pass over the page map. */
export async function treeViews(snapshot: TreeSnapshot, as: BodyFormat): Promise<PageView[]> {
  const nodes = new Map((await snapshot.pages()).map((node) => [node.id, node]));
  const { existing, view } = await viewsOf(snapshot, nodes, as);
  return snapshot.rootPages.map(existing).map((root) => view(root, root.slug));
}

import { DocumentWork } from '../documents/document-work';
import { PageDocument } from '../documents/document.model';
import type { TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';
import { PageBody, PageView } from './revision-page.resource';

/** What an empty document page (no document stored) answers as its document. */
const EMPTY_DOCUMENT: PageDocument = { object: 'document', data: {}, nodes: [] };

const childPath = (parent: string, slug: string) => (parent ? `${parent}/${slug}` : slug);

/** How a page's body is answered: as stored, or as markdown (written by a worker thread for a large page). */
export type BodyFormat = { format: 'document' } | { format: 'markdown'; documents: DocumentWork };

async function body(snapshot: TreeSnapshot, node: PageNode, as: BodyFormat): Promise<PageBody | null> {
  if (node.type !== 'document') return null;
  const document = (await snapshot.document(node)) ?? EMPTY_DOCUMENT;
  if (as.format === 'document') return { document };
  return { markdown: await as.documents.toMarkdown(document, { title: node.title, description: node.description }) };
}

/**
 * One page and its subpages, loaded by id from the page map: the cost follows the page's subtree and the
 * depth of the map, never the size of the space. `path` is the page's own.
 */
export async function pageView(snapshot: TreeSnapshot, node: PageNode, path: string, as: BodyFormat): Promise<PageView> {
  const children = await Promise.all(node.children.map((id) => existing(snapshot, id)));
  return {
    node,
    path,
    body: await body(snapshot, node, as),
    pages: await Promise.all(children.map((child) => pageView(snapshot, child, childPath(path, child.slug), as))),
  };
}

/** Every page of the tree, nested under the root pages in order: one pass over the page map. */
export async function treeViews(snapshot: TreeSnapshot, as: BodyFormat): Promise<PageView[]> {
  const nodes = new Map((await snapshot.pages()).map((node) => [node.id, node]));
  const bodies = new Map(await Promise.all([...nodes.values()].map(async (node) => [node.id, await body(snapshot, node, as)] as const)));
  const view = (id: string, parentPath: string): PageView => {
    const node = nodes.get(id);
    if (!node) throw new Error(`tree ${snapshot.hash} names page ${id}, which its page map lacks`);
    const path = childPath(parentPath, node.slug);
    return { node, path, body: bodies.get(id) ?? null, pages: node.children.map((child) => view(child, path)) };
  };
  return snapshot.rootPages.map((id) => view(id, ''));
}

async function existing(snapshot: TreeSnapshot, id: string): Promise<PageNode> {
  const node = await snapshot.page(id);
  if (!node) throw new Error(`tree ${snapshot.hash} names page ${id}, which its page map lacks`);
  return node;
}

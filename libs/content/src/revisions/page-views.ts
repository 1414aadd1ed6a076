import { documentToMarkdown } from '../documents/document-to-markdown';
import { PageDocument } from '../documents/document.model';
import type { TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';
import { DocumentFormat } from './content-read.dto';
import { PageBody, PageView } from './revision-page.resource';

/** What an empty document page (no document stored) answers as its document. */
const EMPTY_DOCUMENT: PageDocument = { object: 'document', data: {}, nodes: [] };

const childPath = (parent: string, slug: string) => (parent ? `${parent}/${slug}` : slug);

async function body(snapshot: TreeSnapshot, node: PageNode, format: DocumentFormat): Promise<PageBody | null> {
  if (node.type !== 'document') return null;
  const document = (await snapshot.document(node)) ?? EMPTY_DOCUMENT;
  if (format === 'document') return { document };
  return { markdown: documentToMarkdown(document, { title: node.title, description: node.description }) };
}

/**
 * One page and its subpages, loaded by id from the page map: the cost follows the page's subtree and the
 * depth of the map, never the size of the space. `path` is the page's own.
 */
export async function pageView(snapshot: TreeSnapshot, node: PageNode, path: string, format: DocumentFormat): Promise<PageView> {
  const children = await Promise.all(node.children.map((id) => existing(snapshot, id)));
  return {
    node,
    path,
    body: await body(snapshot, node, format),
    pages: await Promise.all(children.map((child) => pageView(snapshot, child, childPath(path, child.slug), format))),
  };
}

/** Every page of the tree, nested under the root pages in order: one pass over the page map. */
export async function treeViews(snapshot: TreeSnapshot, format: DocumentFormat): Promise<PageView[]> {
  const nodes = new Map((await snapshot.pages()).map((node) => [node.id, node]));
  const bodies = new Map(await Promise.all([...nodes.values()].map(async (node) => [node.id, await body(snapshot, node, format)] as const)));
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

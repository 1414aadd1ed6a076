import { LinkableRef, PageDocument } from '@folio/kernel/document/document.model';
import { PageNode } from '@folio/kernel/tree/tree.model';

/**
 * What kind of node a link is: an inline link, a mention, a content-ref block, an image (block or inline),
 * a file block, a link page (a page of the tree that is a link), or, for any other block of the spec that
 * carries a reference, that block's type.
 */
export type LinkRelation = 'link' | 'mention' | 'content-ref' | 'image' | 'file' | 'link-page' | (string & {});

/** One link as a page holds it: the reference as written, and the block it is in (none for a link page). */
export interface ExtractedLink {
  ref: LinkableRef;
  relation: LinkRelation;
  block?: string;
}

/** The relation of a node carrying a reference, by its type; other types name themselves. */
const RELATIONS: Record<string, LinkRelation> = { 'inline-image': 'image' };

/** The field naming the target, per kind of reference Folio resolves; references of other kinds are not links it can check. */
const ID_FIELD: Record<LinkableRef['kind'], string> = { url: 'url', file: 'file', page: 'page', anchor: 'anchor', user: 'user', space: 'space', openapi: 'spec' };

/** A reference of a kind Folio resolves, with string fields; blocks kept as they came may carry anything. */
function asRef(value: unknown): LinkableRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const ref = value as Record<string, unknown>;
  const field = typeof ref.kind === 'string' && Object.hasOwn(ID_FIELD, ref.kind) ? ID_FIELD[ref.kind as LinkableRef['kind']] : null;
  if (field === null || typeof ref[field] !== 'string') return null;
  for (const optional of ['space', 'page']) if (ref[optional] !== undefined && typeof ref[optional] !== 'string') return null;
  return value as LinkableRef;
}

interface Node {
  object?: unknown;
  type?: unknown;
  key?: unknown;
  data?: { ref?: unknown };
  nodes?: unknown;
  fragments?: unknown;
}

/**
 * Every link of a page, in document order: the references of its inlines and blocks (nested blocks,
 * fragments such as table cells and captions included), and the target of a link page. A link inside an
 * inline or a keyless block is placed at the nearest enclosing block with a key.
 */
export function extractLinks(page: Pick<PageNode, 'type' | 'target'>, document: PageDocument | null): ExtractedLink[] {
  const links: ExtractedLink[] = [];
  const pageTarget = page.type === 'link' ? asRef(page.target) : null;
  if (pageTarget) links.push({ ref: pageTarget, relation: 'link-page' });

  const visit = (nodes: unknown, block: string | undefined) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Node[]) {
      if (typeof node !== 'object' || node === null) continue;
      const at = node.object === 'block' && typeof node.key === 'string' ? node.key : block;
      const ref = asRef(node.data?.ref);
      if (ref && typeof node.type === 'string') links.push({ ref, relation: RELATIONS[node.type] ?? node.type, ...(at ? { block: at } : {}) });
      visit(node.nodes, at);
      visit(node.fragments, at);
    }
  };
  visit(document?.nodes, undefined);
  return links;
}

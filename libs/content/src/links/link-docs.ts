import { PageDocument } from '../documents/document.model';
import { PageNode } from '../tree/tree.model';
import { extractLinks, LinkRelation } from './link-extraction';
import { refKey, ResolvedRef, resolveRef, targetKey, targetOf } from './link-targets';

/** The links of main's pages, one document per page, target and relation. */
export const LINKS = 'links';
/** Per space, the tree `LINKS` holds the links of (main's, once the projection caught up). */
export const LINK_SPACES = 'linkSpaces';

/** The links from one page to one target under one relation, and the blocks they are in. */
export interface LinkDoc {
  /** `<space>:<page>:<n>`, n counting the page's links in document order. */
  id: string;
  space: string;
  page: string;
  /** The target's key (`targetKey`): backlinks are found through it. */
  target: string;
  /** The reference's key (`refKey`): listings group and sort by it. */
  key: string;
  ref: ResolvedRef;
  relation: LinkRelation;
  /** Keys of the blocks holding the links, in document order; empty for a link page. */
  blocks: string[];
  [field: string]: unknown;
}

export interface LinkSpaceDoc {
  id: string;
  tree: string;
  /** Log position of the event that moved `tree`, so a replayed older event changes nothing. */
  position: string;
  [field: string]: unknown;
}

/** The link documents of a page of `space` (none for a page without links). */
export function pageLinkDocs(space: string, page: PageNode, document: PageDocument | null): LinkDoc[] {
  const grouped = new Map<string, LinkDoc>();
  for (const link of extractLinks(page, document)) {
    const ref = resolveRef(link.ref, { space, page: page.id });
    const key = refKey(ref);
    const id = `${key}\n${link.relation}`;
    let doc = grouped.get(id);
    if (!doc) {
      doc = { id: `${space}:${page.id}:${grouped.size}`, space, page: page.id, target: targetKey(targetOf(ref)), key, ref, relation: link.relation, blocks: [] };
      grouped.set(id, doc);
    }
    if (link.block !== undefined && !doc.blocks.includes(link.block)) doc.blocks.push(link.block);
  }
  return [...grouped.values()];
}

/** Whether two versions of a page can differ in their links: their document, type or target differ. */
export function linksMayDiffer(before: PageNode | null, after: PageNode | null): boolean {
  if (before === null || after === null) return before !== after;
  return before.document !== after.document || before.type !== after.type || JSON.stringify(before.target) !== JSON.stringify(after.target);
}

import { PageDocument } from '@folio/kernel/document/document.model';
import { MainPageIndex } from '../tree/main-page-index';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { extractLinks, LinkRelation } from './link-extraction';
import { refKey, ResolvedRef, resolveRef, targetKey, targetOf } from './link-targets';

/** The links of main's pages, one document per page that has any: what the listings read. */
export const PAGE_LINKS = 'pageLinks';
/** One small document per page and target it links to: the index backlinks are found through. */
export const LINK_TARGETS = 'linkTargets';
/** Per space, the tree the two collections hold the links of (main's, once the projection caught up). */
export const LINK_SPACES = 'linkSpaces';

/** The links from a page to one reference under one relation, and the blocks they are in. */
export interface PageLink {
  ref: ResolvedRef;
  relation: LinkRelation;
  /** Keys of the blocks holding the links, in document order; empty for a link page. */
  blocks: string[];
}

export interface PageLinksDoc {
  /** `<space>:<page>`. */
  id: string;
  space: string;
  page: string;
  /** In document order, one per reference and relation. */
  links: PageLink[];
  [field: string]: unknown;
}

export interface LinkTargetDoc {
  /** `<space>:<page>:<n>`, n counting the page's targets. */
  id: string;
  space: string;
  page: string;
  /** `targetKey` of what the page links to. */
  target: string;
  [field: string]: unknown;
}

/** The links of main's pages, as an index of main's tree (LINK_SPACES holds the tree indexed). */
export const LINK_INDEX: MainPageIndex = { spaces: LINK_SPACES, mayDiffer: linksMayDiffer };

/** The key a page's link is grouped and ordered by in listings: its reference, then its relation. */
export const linkKey = (link: PageLink) => `${refKey(link.ref)}\n${link.relation}`;

/** A page's links, grouped by reference and relation, resolved against the page (its space, its id). */
export function pageLinks(space: string, page: PageNode, document: PageDocument | null): PageLink[] {
  const grouped = new Map<string, PageLink>();
  for (const link of extractLinks(page, document)) {
    const found: PageLink = { ref: resolveRef(link.ref, { space, page: page.id }), relation: link.relation, blocks: [] };
    const grouping = grouped.get(linkKey(found)) ?? found;
    grouped.set(linkKey(found), grouping);
    if (link.block !== undefined && !grouping.blocks.includes(link.block)) grouping.blocks.push(link.block);
  }
  return [...grouped.values()];
}

/** The distinct targets (`targetKey`) of a page's links, in order. */
export function linkTargets(links: PageLink[]): string[] {
  return [...new Set(links.map((link) => targetKey(targetOf(link.ref))))];
}

/** Whether two versions of a page can differ in their links: their document, type or target differ. */
export function linksMayDiffer(before: PageNode | null, after: PageNode | null): boolean {
  if (before === null || after === null) return before !== after;
  return before.document !== after.document || before.type !== after.type || JSON.stringify(before.target) !== JSON.stringify(after.target);
}

import { DEFAULT_LIMIT, decodeCursor, encodeCursor, ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { linkKey, PageLink } from './link-docs';
import { LinkRelation } from './link-extraction';
import { LinksOfPage } from './link-index';
import { LinkStatus } from './link-statuses';
import { ResolvedRef, targetKey, targetOf } from './link-targets';

/** Where a link is: a page of a space, and the block holding it (none for a link page). A ContentRefPage of the spec. */
export interface LocationRef {
  kind: 'page';
  page: string;
  space: string;
  block?: string;
}

/**
 * One target a content links to under one relation, wherever it does: the seed's link item. The target
 * reference names its space (and an anchor its page); references to Folio content that resolved also
 * name their organization (not a spec's: it is answered as the page holds it).
 */
export interface LinkItem {
  status: LinkStatus;
  relation: LinkRelation;
  targetReference: ResolvedRef & { organization?: string };
  locationReferences: LocationRef[];
}

export interface LinkList extends ListEnvelope<LinkItem> {
  /** Over every link listed before the status filter and paging: how many, how many broken, and how many of those are in pages a change request changed. */
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

/** A page of `sorted` (by `keyOf`, unique) after the cursor, with the cursor to the next page. */
function pageOf<T>(sorted: T[], keyOf: (value: T) => string, list: ListQuery, binding: string): { items: T[]; next?: { page: string } } {
  const after = list.page ? decodeCursor(list.page, binding).id : undefined;
  const limit = list.limit ?? DEFAULT_LIMIT;
  const rest = after === undefined ? sorted : sorted.filter((value) => keyOf(value) > after);
  const items = rest.slice(0, limit);
  if (rest.length <= limit) return { items };
  const last = keyOf(items[items.length - 1]);
  return { items, next: { page: encodeCursor({ value: last, id: last }, binding) } };
}

/** The links of a content to one reference under one relation, wherever they are: one item of a listing. */
export interface LinkGroup {
  /** `linkKey`: listings are in its order, and cursors name it. */
  key: string;
  /** `targetKey` of the reference: its status. */
  target: string;
  link: PageLink;
  /** The pages holding it, each with its links of this group. */
  at: { page: string; link: PageLink }[];
}

/** Links grouped by reference and relation across pages, in key order. */
export function groupLinks(pages: LinksOfPage[]): LinkGroup[] {
  const groups = new Map<string, LinkGroup>();
  for (const { page, links } of pages) {
    for (const link of links) {
      const key = linkKey(link);
      let group = groups.get(key);
      if (!group) {
        group = { key, target: targetKey(targetOf(link.ref)), link, at: [] };
        groups.set(key, group);
      }
      group.at.push({ page, link });
    }
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The listing of grouped links with their statuses and stats, filtered by `status`, paged. Only the items
 * of the page answered are built into resources.
 */
export function linkList(
  groups: LinkGroup[],
  statuses: Map<string, LinkStatus>,
  options: { space: string; organization: string; status?: LinkStatus; list: ListQuery; binding: string; changedPages?: ReadonlySet<string> },
): LinkList {
  const statusOf = (group: LinkGroup) => statuses.get(group.target)!;
  const broken = groups.filter((group) => statusOf(group) === 'broken');
  const changed = options.changedPages;
  const stats = {
    total: groups.length,
    broken: { total: broken.length, changeRequest: changed ? broken.filter((group) => group.at.some(({ page }) => changed.has(page))).length : 0 },
  };
  const listed = options.status ? groups.filter((group) => statusOf(group) === options.status) : groups;
  const { items, next } = pageOf(listed, (group) => group.key, options.list, options.binding);
  return { ...listEnvelope(items.map((group) => linkItem(group, statusOf(group), options)), next), stats };
}

function linkItem({ link: { ref, relation }, at }: LinkGroup, status: LinkStatus, { space, organization }: { space: string; organization: string }): LinkItem {
  // A spec's reference is answered as stored (ContentRefOpenAPI names no organization).
  const inFolio = ref.kind !== 'url' && ref.kind !== 'user' && ref.kind !== 'openapi' && status !== 'broken';
  const located = [...at].sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
  return {
    status,
    relation,
    targetReference: inFolio ? { ...ref, organization } : ref,
    locationReferences: located.flatMap(({ page, link }) =>
      link.blocks.length === 0 ? [{ kind: 'page' as const, page, space }] : link.blocks.map((block) => ({ kind: 'page' as const, page, space, block })),
    ),
  };
}

/** Pages linking to a target, as page references in id order, paged. */
export function backlinkList(pages: string[], options: { space: string; list: ListQuery; binding: string }): ListEnvelope<LocationRef> {
  const { items, next } = pageOf(pages, (page) => page, options.list, options.binding);
  return listEnvelope(
    items.map((page) => ({ kind: 'page', page, space: options.space })),
    next,
  );
}

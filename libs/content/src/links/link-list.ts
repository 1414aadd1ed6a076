import { DEFAULT_LIMIT, decodeCursor, encodeCursor, ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { LinkDoc } from './link-docs';
import { LinkRelation } from './link-extraction';
import { LinkStatus } from './link-statuses';
import { ResolvedRef, targetOf, targetKey } from './link-targets';

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
 * name their organization.
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

const byKey = <T>(key: (value: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

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

/**
 * Links grouped into items (one per reference and relation, every page holding it as a location), in the
 * order of their keys, with their statuses and stats; then filtered by `status` and paged.
 */
export function linkList(
  docs: LinkDoc[],
  statuses: Map<string, LinkStatus>,
  options: { organization: string; status?: LinkStatus; list: ListQuery; binding: string; changedPages?: ReadonlySet<string> },
): LinkList {
  const groups = new Map<string, { sortKey: string; docs: LinkDoc[] }>();
  for (const doc of docs) {
    const sortKey = `${doc.key}\n${doc.relation}`;
    const group = groups.get(sortKey) ?? { sortKey, docs: [] };
    group.docs.push(doc);
    groups.set(sortKey, group);
  }
  const all = [...groups.values()].sort(byKey((group) => group.sortKey)).map(({ sortKey, docs: located }) => {
    const [{ ref, relation }] = located;
    const status = statuses.get(targetKey(targetOf(ref)))!;
    const inFolio = ref.kind !== 'url' && ref.kind !== 'user' && status !== 'broken';
    const item: LinkItem = {
      status,
      relation,
      targetReference: inFolio ? { ...ref, organization: options.organization } : ref,
      locationReferences: located
        .sort(byKey((doc) => doc.page))
        .flatMap((doc) => (doc.blocks.length === 0 ? [{ kind: 'page' as const, page: doc.page, space: doc.space }] : doc.blocks.map((block) => ({ kind: 'page' as const, page: doc.page, space: doc.space, block })))),
    };
    return { sortKey, item, pages: located.map((doc) => doc.page) };
  });
  const broken = all.filter(({ item }) => item.status === 'broken');
  const changed = options.changedPages;
  const stats = {
    total: all.length,
    broken: { total: broken.length, changeRequest: changed ? broken.filter(({ pages }) => pages.some((page) => changed.has(page))).length : 0 },
  };
  const listed = options.status ? all.filter(({ item }) => item.status === options.status) : all;
  const { items, next } = pageOf(listed, (entry) => entry.sortKey, options.list, options.binding);
  return { ...listEnvelope(items.map((entry) => entry.item), next), stats };
}

/** The pages linking to a target (not the target page itself), as page references in id order, paged. */
export function backlinkList(docs: LinkDoc[], options: { space: string; except?: string; list: ListQuery; binding: string }): ListEnvelope<LocationRef> {
  const pages = [...new Set(docs.map((doc) => doc.page))].filter((page) => page !== options.except).sort();
  const { items, next } = pageOf(pages, (page) => page, options.list, options.binding);
  return listEnvelope(
    items.map((page) => ({ kind: 'page', page, space: options.space })),
    next,
  );
}

import { PageDocument } from '../document/document.model';
import { Change, TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';
import { PageConflict } from './merge-conflicts';
import { mergeDocuments } from './merge-documents';
import { CONFLICT, mergeValue, same } from './three-way';

export interface Sides {
  base: TreeSnapshot;
  main: TreeSnapshot;
  changeRequest: TreeSnapshot;
  /** Both sides' trees each time a merge or an update met conflicts since the base, newest first (see mergeDocuments). */
  met?: readonly { main: TreeSnapshot; changeRequest: TreeSnapshot }[];
}
export type Side = 'main' | 'changeRequest';
/** A page without its children, which the tree derives from its pages' parents. */
export type BareNode = Omit<PageNode, 'children'>;
export type Place = Pick<PageNode, 'parent' | 'position'>;

/** One page's merged outcome. */
export interface MergedPage {
  /** The page as merged (null: deleted). */
  node: BareNode | null;
  /** A document merged from both sides, to store as the page's document. */
  document?: PageDocument;
  /** The side the page's place comes from (main's keeps a slug both sides gave pages under one parent). */
  placedBy: Side;
  versions: { base: BareNode | null; main: BareNode | null; changeRequest: BareNode | null };
}

const EMPTY_DOCUMENT: PageDocument = { object: 'document', data: {}, nodes: [] };
/** Fields a page holds beside its place, its document and its derived children, merged each as a whole. */
const SEPARATE = new Set(['parent', 'position', 'document', 'children', 'updatedAt']);

/**
 * One page changed on one side or both (`toMain`, `toRequest`: what each side did to it, at least one given).
 * A side that changed only the page's children (derived from their parents) or its update time did not change
 * the page. Changed on one side: that side's page. Changed on both: each field merged three ways, the place
 * (parent and position) as one field, the document by `mergeDocuments`; a field both set differently, a
 * delete against a change, are conflicts.
 */
export async function mergePage(sides: Sides, toMain: Change<PageNode> | undefined, toRequest: Change<PageNode> | undefined, now: string):
  Promise<{ page: MergedPage; conflicts?: never } | { conflicts: PageConflict[]; page?: never }> {
  const before = (toMain ?? toRequest)!.before;
  const [main, changeRequest] = [toMain ? toMain.after : before, toRequest ? toRequest.after : before];
  const versions = { base: bare(before), main: bare(main), changeRequest: bare(changeRequest) };
  const [b, m, c] = [own(before), own(main), own(changeRequest)];
  if (same(m, c) || same(b, c)) return { page: { node: versions.main, placedBy: 'main', versions } };
  if (same(b, m)) return { page: { node: versions.changeRequest, placedBy: 'changeRequest', versions } };
  const id = (main ?? changeRequest)!.id;
  if (!main || !changeRequest) {
    return { conflicts: [{ page: await describePage(sides, id), kind: 'deleted', ...versions }] };
  }

  const conflicts: Omit<PageConflict, 'page'>[] = [];
  const merged: Record<string, unknown> = { updatedAt: now };
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(main), ...Object.keys(changeRequest)].filter((f) => !SEPARATE.has(f)));
  for (const field of fields) {
    const values = [before, main, changeRequest].map((node) => (node as unknown as Record<string, unknown> | null)?.[field]);
    const value = mergeValue(values[0], values[1], values[2]);
    if (value === CONFLICT) conflicts.push({ kind: 'field', field, base: values[0] ?? null, main: values[1] ?? null, changeRequest: values[2] ?? null });
    else if (value !== undefined) merged[field] = value;
  }

  const places = [before && placeOf(before), placeOf(main), placeOf(changeRequest)] as const;
  const place = mergeValue(places[0], places[1], places[2]);
  if (place === CONFLICT) conflicts.push({ kind: 'moved', base: places[0], main: places[1], changeRequest: places[2] });
  else Object.assign(merged, place);

  let document: PageDocument | undefined;
  const hash = mergeValue(before?.document ?? null, main.document, changeRequest.document);
  if (hash !== CONFLICT) merged.document = hash;
  else {
    const [db, dm, dc] = await Promise.all([before && sides.base.document(before), sides.main.document(main), sides.changeRequest.document(changeRequest)]);
    const met = await Promise.all(
      (sides.met ?? []).map(async (trees) => ({ main: await documentIn(trees.main, id), changeRequest: await documentIn(trees.changeRequest, id) })),
    );
    const result = mergeDocuments(db ?? EMPTY_DOCUMENT, dm ?? EMPTY_DOCUMENT, dc ?? EMPTY_DOCUMENT, met);
    if (result.conflicts) conflicts.push({ kind: 'document', blocks: result.conflicts });
    else {
      // main's hash stands in until the writer stores the merged document.
      merged.document = main.document;
      document = result.document;
    }
  }

  if (conflicts.length > 0) {
    const page = await describePage(sides, id);
    return { conflicts: conflicts.map((conflict) => ({ page, ...conflict })) };
  }
  const placedBy = place !== CONFLICT && same(place, places[1]) ? 'main' : 'changeRequest';
  return { page: { node: merged as unknown as BareNode, document, placedBy, versions } };
}

/** The page as a conflict names it: as the change request has it, else main, else the base. */
export async function describePage(sides: Sides, id: string): Promise<PageConflict['page']> {
  for (const snapshot of [sides.changeRequest, sides.main, sides.base]) {
    const page = await snapshot.page(id);
    if (page) return { id, title: page.title, path: await snapshot.pathOf(id) };
  }
  throw new Error(`page ${id} is in none of the trees merged`);
}

async function documentIn(tree: TreeSnapshot, id: string): Promise<PageDocument | null> {
  const page = await tree.page(id);
  return page && tree.document(page);
}

export function bare(node: PageNode | null): BareNode | null {
  if (!node) return null;
  const { children: _children, ...rest } = node;
  return rest;
}

/** What a side may have changed of the page itself: not its derived children nor the time it was last touched. */
function own(node: PageNode | null): Omit<BareNode, 'updatedAt'> | null {
  if (!node) return null;
  const { children: _children, updatedAt: _updatedAt, ...rest } = node;
  return rest;
}

export const placeOf = (node: Place): Place => ({ parent: node.parent, position: node.position });

export function byId<T>(changes: readonly Change<T>[]): Map<string, Change<T>> {
  return new Map(changes.map((change) => [change.id, change]));
}

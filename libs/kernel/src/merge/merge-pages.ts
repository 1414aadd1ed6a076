import { PageDocument } from '../document/document.model';
import { Change, TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';
import { PageConflict } from './merge-conflicts';
import { mergeFields, mergeOwnedDocument } from './merge-fields';
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

  const fields = mergeFields(own(before), own(main)!, own(changeRequest)!, SEPARATE);
  const conflicts: Omit<PageConflict, 'page'>[] = [...fields.conflicts];
  const merged: Record<string, unknown> = { ...fields.merged, updatedAt: now };

  const places = [before && placeOf(before), placeOf(main), placeOf(changeRequest)] as const;
  const place = mergeValue(places[0], places[1], places[2]);
  if (place === CONFLICT) conflicts.push({ kind: 'moved', base: places[0], main: places[1], changeRequest: places[2] });
  else Object.assign(merged, place);

  const document = await mergeOwnedDocument(sides, { base: before, main, changeRequest }, documentIn);
  if (document.blocks) conflicts.push({ kind: 'document', blocks: document.blocks });
  else merged.document = document.hash;

  if (conflicts.length > 0) {
    const page = await describePage(sides, id);
    return { conflicts: conflicts.map((conflict) => ({ page, ...conflict })) };
  }
  const placedBy = place !== CONFLICT && same(place, places[1]) ? 'main' : 'changeRequest';
  return { page: { node: merged as unknown as BareNode, document: document.blocks ? undefined : document.document, placedBy, versions } };
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

import { diff3Merge } from 'node-diff3';
import { Block, Fragment, PageDocument } from '../document/document.model';
import { blockLines, blockMarkdown, readBlock } from './block-lines';
import { BlockConflict } from './merge-conflicts';
import { blockChildren, pairKeys } from './pair-keys';
import { CONFLICT, Merged, mergeValue, same } from './three-way';

type Keyed = Block | Fragment;
export type DocumentMerge = { document: PageDocument; conflicts?: never } | { conflicts: BlockConflict[]; document?: never };
/** A page's document as main and the request had it when a merge or an update met conflicts (null: no such page). */
export interface DocumentsMet {
  main: PageDocument | null;
  changeRequest: PageDocument | null;
}


/**
 * Three-way merge of a page's document, blocks paired by key. The order of the top-level blocks is a diff3
 * merge of the three key sequences (blocks inserted at one place on both sides are both kept, main's first).
 * A block changed on one side takes that side, changed alike on both sides is that change; changed
 * differently on both sides, a block whose children are blocks (a list, a hint, a code block's lines) merges
 * its own fields and its children the same way, recursively, and any other block merges line by line
 * (diff3) on its markdown, read back into a block. Overlapping changes, a block deleted on one side and
 * changed on the other, or moved to two different places, are conflicts: then no document, but every
 * conflicting top-level block with its three versions.
 *
 * `met` (newest first): the page as both sides had it each time a merge or an update met conflicts since the
 * base. A top-level block the request rewrote after it met one of them in conflict is the request's
 * resolution: it is merged from main's version it met (see `resolutionBase`), not from the base.
 */
export function mergeDocuments(base: PageDocument, main: PageDocument, changeRequest: PageDocument, met: readonly DocumentsMet[] = []): DocumentMerge {
  const conflicted = new Set<string>();
  const data = mergeValue(base.data, main.data, changeRequest.data);
  const nodes = mergeSequence(base.nodes, main.nodes, changeRequest.nodes, (key) => conflicted.add(key), resolutionBase(met));
  if (conflicted.size === 0 && data !== CONFLICT) return { document: { object: 'document', data, nodes: nodes as Block[] } };
  const version = (document: PageDocument, key: string) => {
    const block = document.nodes.find((b) => b.key === key);
    return block ? (blockMarkdown(block) ?? JSON.stringify(block, null, 2)) : null;
  };
  const conflicts = [...conflicted].map((key) => ({ key, base: version(base, key), main: version(main, key), changeRequest: version(changeRequest, key) }));
  // The document's own data (its schema version) has no key: it is reported under the empty one.
  if (data === CONFLICT) conflicts.push({ key: '', base: JSON.stringify(base.data), main: JSON.stringify(main.data), changeRequest: JSON.stringify(changeRequest.data) });
  return { conflicts };
}

type Rebase = (key: string, base: Keyed | undefined, changeRequest: Keyed | undefined) => Keyed | undefined;

/**
 * The version a top-level block is merged from. Walking the conflicts met newest first, the first one after
 * which the request rewrote the block (its version differs from the one it had then), and at which the block
 * was in conflict (both sides had changed it from the base, differently), gives main's version then: the
 * request's writer saw it (the update answered `conflicts`, `…/conflicts` lists them) and wrote over it, so
 * only what main changed since counts as main's change. Any other block is merged from the base: an edit
 * of a block no conflict was met on, or one made before the conflict was met, never wins silently.
 * Deterministic from the events: the conflicts met are on the request's stream, the versions in their trees.
 */
function resolutionBase(met: readonly DocumentsMet[]): Rebase | undefined {
  if (met.length === 0) return undefined;
  const versions = met.map((sides) => ({ main: byKey(sides.main?.nodes ?? []), changeRequest: byKey(sides.changeRequest?.nodes ?? []) }));
  return (key, base, changeRequest) => {
    for (const { main, changeRequest: then } of versions) {
      const [metMain, metRequest] = [main.get(key), then.get(key)];
      if (same(metRequest, changeRequest)) continue;
      if (mergeBlock(base, metMain, metRequest) === CONFLICT) return metMain;
    }
    return base;
  };
}

/**
 * Keyed siblings merged; `conflict` hears each key that could not be, and those are left out of the answer.
 * `rebase` chooses the version a block is merged from instead of its base's (the top level's resolutions).
 */
function mergeSequence(
  base: readonly Keyed[],
  main: readonly Keyed[],
  changeRequest: readonly Keyed[],
  conflict: (key: string) => void,
  rebase?: Rebase,
): Keyed[] {
  const [b, m, c] = [byKey(base), byKey(main), byKey(changeRequest)];
  const merged = new Map<string, Keyed | null>();
  for (const key of new Set([...b.keys(), ...m.keys(), ...c.keys()])) {
    const block = mergeBlock(rebase ? rebase(key, b.get(key), c.get(key)) : b.get(key), m.get(key), c.get(key));
    if (block === CONFLICT) conflict(key);
    else merged.set(key, block);
  }
  const placed = new Set<string>();
  const out: Keyed[] = [];
  for (const key of mergeKeyOrder([...b.keys()], [...m.keys()], [...c.keys()])) {
    const block = merged.get(key);
    if (!block) continue;
    // Placed twice: each side moved it somewhere else.
    if (placed.has(key)) conflict(key);
    else out.push(block);
    placed.add(key);
  }
  return out;
}

/**
 * The merged sequence of keys: diff3 of the three. Where both sides changed one stretch, a key the base had
 * there stays only if both sides kept it there (one side moving or deleting it wins over the other keeping it);
 * the keys each side brought there stay, main's first (two insertions at one place are both kept). Deleted
 * keys may remain: whether a block stays is its content merge's call.
 */
function mergeKeyOrder(base: string[], main: string[], changeRequest: string[]): string[] {
  return diff3Merge(main, base, changeRequest).flatMap((region) => {
    if (region.ok) return region.ok;
    const { a, o, b } = region.conflict!;
    const kept = (key: string, other: string[]) => !o.includes(key) || other.includes(key);
    const fromMain = a.filter((key) => kept(key, b));
    return [...fromMain, ...b.filter((key) => kept(key, a) && !fromMain.includes(key))];
  });
}

/** One block's three versions (undefined: absent on that side) merged: the block, null when deleted, or CONFLICT. */
function mergeBlock(base: Keyed | undefined, main: Keyed | undefined, changeRequest: Keyed | undefined): Merged<Keyed | null> {
  if (same(main, changeRequest)) return main ?? null;
  if (same(base, main)) return changeRequest ?? null;
  if (same(base, changeRequest)) return main ?? null;
  // Changed differently on both sides, or deleted on one and changed on the other, or added twice under one key.
  if (!base || !main || !changeRequest) return CONFLICT;
  const children = [base, main, changeRequest].map(blockChildren);
  if (children.every((nodes) => nodes !== null)) return mergeContainer(base, main, changeRequest, children as Keyed[][]);
  return mergeLines(base as Block, main as Block, changeRequest as Block);
}

/** A block whose children are blocks: its other fields merged each as a whole, its children by key. */
function mergeContainer(base: Keyed, main: Keyed, changeRequest: Keyed, [b, m, c]: Keyed[][]): Merged<Keyed> {
  const fields = new Set([...Object.keys(base), ...Object.keys(main), ...Object.keys(changeRequest)]);
  fields.delete('nodes');
  const merged: Record<string, unknown> = {};
  for (const field of fields) {
    const get = (node: Keyed) => (node as unknown as Record<string, unknown>)[field];
    const value = mergeValue(get(base), get(main), get(changeRequest));
    if (value === CONFLICT) return CONFLICT;
    if (value !== undefined) merged[field] = value;
  }
  let conflicted = false;
  merged.nodes = mergeSequence(b, m, c, () => (conflicted = true));
  return conflicted ? CONFLICT : (merged as unknown as Keyed);
}

/** A leaf block (a paragraph, a heading, a table) changed on both sides: diff3 over its markdown's lines. */
function mergeLines(base: Block, main: Block, changeRequest: Block): Merged<Block> {
  const [b, m, c] = [blockLines(base), blockLines(main), blockLines(changeRequest)];
  if (!b || !m || !c) return CONFLICT;
  const regions = diff3Merge(m, b, c);
  if (regions.some((region) => region.conflict)) return CONFLICT;
  const block = readBlock(regions.flatMap((region) => region.ok!).join('\n'));
  if (!block) return CONFLICT;
  // Keys after main's version: the block keeps its own, and its fragments (table cells…) theirs where they match.
  const wrap = (node: Block): PageDocument => ({ object: 'document', data: {}, nodes: [node] });
  return pairKeys(wrap(main), wrap(block)).nodes[0];
}

function byKey(nodes: readonly Keyed[]): Map<string, Keyed> {
  return new Map(nodes.map((node) => [node.key!, node]));
}

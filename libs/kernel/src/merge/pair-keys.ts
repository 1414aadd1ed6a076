import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { ILCSResult, LCS } from 'node-diff3';
import { withoutKeys } from '../document/document-keys';
import { Block, Fragment, PageDocument } from '../document/document.model';

type Keyed = Block | Fragment;

/**
 * `next` (typically freshly parsed markdown, whose keys are a counter k1, k2…) keyed after `previous`, the
 * page's document it replaces, so that a merge pairs the blocks a writer kept: a block equal to a previous
 * one (keys aside) takes its keys, paired in order by a longest common subsequence and then, for blocks that
 * moved, by equal content anywhere; a block edited in place (what stands between two unchanged blocks on
 * both sides, as many blocks on each side, or a similar block of the same type) keeps the previous key and
 * its nested blocks are paired the same way. Every other block gets a fresh key derived from its content,
 * never one `previous` used, so a deleted block's key is not handed to a newcomer. Deterministic; `next` is
 * not modified.
 */
export function pairKeys(previous: PageDocument, next: PageDocument): PageDocument {
  const taken = new Set<string>();
  collectKeys(previous.nodes, taken);
  return { ...next, nodes: pairSequence(previous.nodes, next.nodes, taken) as Block[] };
}

function pairSequence(previous: readonly Keyed[], next: readonly Keyed[], taken: Set<string>): Keyed[] {
  const before = previous.map(signature);
  const after = next.map(signature);
  const match: (number | undefined)[] = new Array(next.length);
  const used = new Set<number>();
  const pair = (n: number, p: number) => {
    match[n] = p;
    used.add(p);
  };

  // Unchanged blocks, in order; they also bound the regions where blocks were edited in place.
  const anchors = commonSubsequence(before, after);
  for (const [p, n] of anchors) pair(n, p);

  // Moved blocks: equal content elsewhere.
  for (let n = 0; n < next.length; n++) {
    if (match[n] !== undefined) continue;
    const p = before.findIndex((s, i) => s === after[n] && !used.has(i));
    if (p >= 0) pair(n, p);
  }

  // Edited blocks, between consecutive anchors.
  let [lastP, lastN] = [-1, -1];
  for (const [p, n] of [...anchors, [previous.length, next.length]]) {
    const olds = range(lastP + 1, p).filter((i) => !used.has(i));
    const news = range(lastN + 1, n).filter((i) => match[i] === undefined);
    if (olds.length === news.length) olds.forEach((o, i) => pair(news[i], o));
    else pairSimilar(previous, next, olds, news, pair);
    [lastP, lastN] = [p, n];
  }

  return next.map((node, n) => {
    const p = match[n];
    return p === undefined ? freshlyKeyed(node, taken) : rekeyed(previous[p], node, before[p] === after[n], taken);
  });
}

/** Where a region lost or gained blocks: each old block, in order, with the first later new block of its type that shares most of its words. */
function pairSimilar(previous: readonly Keyed[], next: readonly Keyed[], olds: number[], news: number[], pair: (n: number, p: number) => void): void {
  let from = 0;
  for (const o of olds) {
    const k = news.findIndex((n, i) => i >= from && kind(next[n]) === kind(previous[o]) && similarity(previous[o], next[n]) >= 0.5);
    if (k < 0) continue;
    pair(news[k], o);
    from = k + 1;
  }
}

/** The previous node itself when equal up to keys; else the next node under the previous key, its children paired in turn. */
function rekeyed(previous: Keyed, next: Keyed, equal: boolean, taken: Set<string>): Keyed {
  if (equal) return copy(previous);
  const node = { ...copy(next), key: previous.key } as Keyed;
  const before = blockChildren(previous);
  const after = blockChildren(node);
  if (before && after) (node as { nodes: Keyed[] }).nodes = pairSequence(before, after, taken);
  else if (after) (node as { nodes: Keyed[] }).nodes = after.map((child) => freshlyKeyed(child, taken));
  if ('fragments' in node) {
    const olds = 'fragments' in previous ? previous.fragments : [];
    node.fragments = node.fragments.map((f) => {
      const old = olds.find((o) => o.fragment === f.fragment);
      return old ? (rekeyed(old, f, signature(old) === signature(f), taken) as Fragment) : (freshlyKeyed(f, taken) as Fragment);
    });
  }
  return node;
}

/** A copy of the node whose blocks and fragments, its own included, all get keys no one used. */
function freshlyKeyed(node: Keyed, taken: Set<string>): Keyed {
  const fresh = copy(node);
  const visit = (n: Keyed) => {
    n.key = freshKey(n, taken);
    if ('fragments' in n) n.fragments.forEach(visit);
    blockChildren(n)?.forEach(visit);
  };
  visit(fresh);
  return fresh;
}

/** A key from the node's content (so the same input keys the same way), made unique by an occurrence count. */
function freshKey(node: Keyed, taken: Set<string>): string {
  const content = signature(node);
  let key = contentHash(Buffer.from(content)).slice(0, 12);
  for (let occurrence = 2; taken.has(key); occurrence++) key = contentHash(Buffer.from(`${content}#${occurrence}`)).slice(0, 12);
  taken.add(key);
  return key;
}

/** The node's children when they are blocks (a list's items, a hint's paragraphs, a code block's lines). */
export function blockChildren(node: Keyed): Keyed[] | null {
  if (!('nodes' in node) || !Array.isArray(node.nodes)) return null;
  const nodes = node.nodes as { object?: string }[];
  return nodes.every((child) => child.object === 'block') ? (nodes as Keyed[]) : null;
}

function collectKeys(nodes: readonly Keyed[], keys: Set<string>): void {
  for (const node of nodes) {
    if (node.key !== undefined) keys.add(node.key);
    if ('fragments' in node) collectKeys(node.fragments, keys);
    const children = blockChildren(node);
    if (children) collectKeys(children, keys);
  }
}

const signature = (node: Keyed): string => canonicalJson(withoutKeys(node)).toString();

const kind = (node: Keyed): string => (node.object === 'fragment' ? `fragment:${node.fragment}` : node.type);

/** Dice coefficient of the two nodes' words in order (2·common / total); 1 for two nodes without words. */
function similarity(a: Keyed, b: Keyed): number {
  const [x, y] = [words(a), words(b)];
  if (x.length + y.length === 0) return 1;
  return (2 * commonSubsequence(x, y).length) / (x.length + y.length);
}

/** Index pairs [in a, in b] of a longest common subsequence, in order. */
function commonSubsequence(a: string[], b: string[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let c: ILCSResult | null = LCS(a, b); c !== null && c.buffer1index >= 0; c = c.chain) pairs.unshift([c.buffer1index, c.buffer2index]);
  return pairs;
}

/** The words of every string the node holds (its text, a code line, an image's alt) but its structure's names. */
function words(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word) out.push(word); // a spread of a long text's words would overflow the stack
  }
  else if (Array.isArray(value)) value.forEach((v) => words(v, out));
  else if (value !== null && typeof value === 'object') {
    for (const [name, v] of Object.entries(value)) if (!STRUCTURE.has(name)) words(v, out);
  }
  return out;
}
const STRUCTURE = new Set(['object', 'type', 'key', 'fragment']);

/** Documents are plain JSON; a JSON copy stays in this realm, where canonicalJson recognizes its objects (structuredClone's may not be, under Jest). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

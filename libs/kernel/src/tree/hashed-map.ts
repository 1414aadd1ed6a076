import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { EMPTY_MAP_HASH } from './empty-tree';

/** A node holds its entries itself up to this many; above, it branches on the next character of the keys. */
export const SPLIT_ABOVE = 64;

export interface MapLeaf<V> {
  object: 'map';
  entries: Record<string, V>;
}
/** `size`: the number of entries below, so a branch knows without reading them when it must fold back into a leaf. */
export interface MapBranch {
  object: 'map';
  size: number;
  branches: Record<string, string>;
}
export type MapNode<V> = MapLeaf<V> | MapBranch;

/** Where a map's nodes come from and where new ones go (a commit's batch). */
export interface MapObjects {
  readMany(hashes: readonly string[]): Promise<unknown[]>;
  /** Adds a new node to the batch being written, answering its hash. */
  stage(node: MapNode<unknown>): string;
}

interface EntryChange<V> {
  key: string;
  before: V | null;
  after: V | null;
}

const isLeaf = <V>(node: MapNode<V>): node is MapLeaf<V> => 'entries' in node;
const own = <V>(record: Record<string, V>, key: string): V | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
/** The branch a key goes to at a depth: its character there, or '' for a key that ends above it. */
const slot = (key: string, depth: number) => key.charAt(depth);
const sameValue = (a: unknown, b: unknown) => a === b || canonicalJson(a).equals(canonicalJson(b));

/**
 * A content-addressed map (a hashed trie keyed by the characters of its keys). A node with at most
 * SPLIT_ABOVE entries holds them (`{object:'map', entries}`); a bigger one branches on the key's character at
 * its depth (`{object:'map', size, branches: {char: hash}}`). The shape depends only on the contents, so equal
 * maps have equal root hashes whatever order they were built in, and equal subtries are skipped by `diff`.
 * A change rewrites only the nodes on its keys' paths.
 */
export class HashedMap<V> {
  constructor(private readonly objects: MapObjects) {}

  private async nodes(hashes: readonly string[]): Promise<MapNode<V>[]> {
    return (await this.objects.readMany(hashes)) as MapNode<V>[];
  }

  /** The values of the keys present, reading one path of nodes per key (shared nodes read once, level by level). */
  async getMany(root: string, keys: readonly string[]): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    let level = [{ hash: root, keys: [...new Set(keys)] }];
    for (let depth = 0; level.length > 0; depth++) {
      const nodes = await this.nodes(level.map((visit) => visit.hash));
      const next: typeof level = [];
      nodes.forEach((node, i) => {
        if (isLeaf(node)) {
          for (const key of level[i].keys) {
            const value = own(node.entries, key);
            if (value !== undefined) found.set(key, value);
          }
          return;
        }
        for (const [char, group] of groupBy(level[i].keys, (key) => slot(key, depth))) {
          const child = own(node.branches, char);
          if (child !== undefined) next.push({ hash: child, keys: group });
        }
      });
      level = next;
    }
    return found;
  }

  /** Every entry (reads the whole trie, level by level). */
  async entries(root: string): Promise<Map<string, V>> {
    const all = new Map<string, V>();
    let level = [root];
    while (level.length > 0) {
      const next: string[] = [];
      for (const node of await this.nodes(level)) {
        if (isLeaf(node)) for (const [key, value] of Object.entries(node.entries)) all.set(key, value);
        else next.push(...Object.values(node.branches));
      }
      level = next;
    }
    return all;
  }

  /**
   * The map with `changes` applied (null removes a key), its new nodes staged; answers the new root and the
   * keys whose value really changed. Changes that leave a value as it was rewrite nothing.
   */
  async update(root: string, changes: ReadonlyMap<string, V | null>): Promise<{ root: string; changed: string[] }> {
    const current = await this.getMany(root, [...changes.keys()]);
    const effective: [string, V | null][] = [];
    for (const [key, value] of changes) {
      const before = current.get(key);
      if (value === null ? before !== undefined : before === undefined || !sameValue(before, value)) effective.push([key, value]);
    }
    if (effective.length === 0) return { root, changed: [] };
    const delta = (key: string, value: V | null) => (value === null ? -1 : current.has(key) ? 0 : 1);
    const updated = await this.updateNode(root, effective, 0, delta);
    return { root: updated, changed: effective.map(([key]) => key) };
  }

  private async updateNode(
    hash: string,
    changes: [string, V | null][],
    depth: number,
    delta: (key: string, value: V | null) => number,
  ): Promise<string> {
    const [node] = await this.nodes([hash]);
    if (isLeaf(node)) return this.build(applyChanges(new Map(Object.entries(node.entries)), changes), depth);
    const size = node.size + changes.reduce((sum, [key, value]) => sum + delta(key, value), 0);
    // Small enough again: the canonical shape is a leaf, whatever branches held the entries before.
    if (size <= SPLIT_ABOVE) return this.build(applyChanges(await this.entries(hash), changes), depth);
    const branches = new Map(Object.entries(node.branches));
    const groups = [...groupBy(changes, ([key]) => slot(key, depth))];
    const children = await Promise.all(
      groups.map(([char, group]) => this.updateNode(own(node.branches, char) ?? EMPTY_MAP_HASH, group, depth + 1, delta)),
    );
    groups.forEach(([char], i) => (children[i] === EMPTY_MAP_HASH ? branches.delete(char) : branches.set(char, children[i])));
    return this.objects.stage({ object: 'map', size, branches: Object.fromEntries(branches) });
  }

  /** The canonical node (and the nodes below it) holding exactly these entries at this depth. */
  private build(entries: Map<string, V>, depth: number): string {
    if (entries.size === 0) return EMPTY_MAP_HASH;
    if (entries.size <= SPLIT_ABOVE) return this.objects.stage({ object: 'map', entries: Object.fromEntries(entries) });
    const branches: [string, string][] = [];
    for (const [char, group] of groupBy([...entries], ([key]) => slot(key, depth))) {
      branches.push([char, this.build(new Map(group), depth + 1)]);
    }
    return this.objects.stage({ object: 'map', size: entries.size, branches: Object.fromEntries(branches) });
  }

  /** The entries that differ between two maps; subtries with equal hashes are not read. */
  async diff(a: string, b: string): Promise<EntryChange<V>[]> {
    const changes: EntryChange<V>[] = [];
    let level = a === b ? [] : [{ a, b }];
    for (let depth = 0; level.length > 0; depth++) {
      const nodes = await this.nodes(level.flatMap((pair) => [pair.a, pair.b]));
      const next: typeof level = [];
      for (let i = 0; i < level.length; i++) {
        const [left, right] = [nodes[2 * i], nodes[2 * i + 1]];
        if (!isLeaf(left) && !isLeaf(right)) {
          for (const char of new Set([...Object.keys(left.branches), ...Object.keys(right.branches)])) {
            const pair = { a: own(left.branches, char) ?? EMPTY_MAP_HASH, b: own(right.branches, char) ?? EMPTY_MAP_HASH };
            if (pair.a !== pair.b) next.push(pair);
          }
          continue;
        }
        // A leaf against a branch (one side crossed the split size): compare all their entries.
        const [before, after] = await Promise.all([this.entriesOf(level[i].a, left), this.entriesOf(level[i].b, right)]);
        for (const key of new Set([...before.keys(), ...after.keys()])) {
          const [x, y] = [before.get(key) ?? null, after.get(key) ?? null];
          if (x === null || y === null || !sameValue(x, y)) changes.push({ key, before: x, after: y });
        }
      }
      level = next;
    }
    return changes;
  }

  private async entriesOf(hash: string, node: MapNode<V>): Promise<Map<string, V>> {
    return isLeaf(node) ? new Map(Object.entries(node.entries)) : this.entries(hash);
  }
}

function applyChanges<V>(entries: Map<string, V>, changes: [string, V | null][]): Map<string, V> {
  for (const [key, value] of changes) {
    if (value === null) entries.delete(key);
    else entries.set(key, value);
  }
  return entries;
}

function groupBy<T>(items: Iterable<T>, by: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = by(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

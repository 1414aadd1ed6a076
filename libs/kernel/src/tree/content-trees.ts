import { LruCache } from '@folio/platform/caching/lru-cache';
import { NotFound } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { PageDocument } from '../document/document.model';
import { EncodedDocument } from '../document/stored-document';
import { TreeDraft } from './tree-draft';
import { FileEntry, FolderRedirect, GitSyncBlob, PageMeta, PageNode, PageType, ReusableContentEntry, StoredFile, TreeRoot, Variables } from './tree.model';
import { TreeObjects } from './tree-objects';
import { TreeReader } from './tree-reader';
import { TreeView } from './tree-view';

/**
 * Decoded tree objects kept in memory (roots, trie nodes, page nodes: from a few hundred bytes to a few KB), in
 * bytes of their stored JSON plus each entry's cost (`cachedObjectWeight`): every object of five 5,000-page trees (one
 * is 5,555 objects weighing 2.8 MiB, 4.3 MiB of heap once decoded), and about 25 MB of heap whatever is read. A bound by
 * count let objects of a few KB (trie nodes full of hashes, pages with long descriptions) take several times that.
 */
export const TREE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Page documents one read of many pages (a tree, a page's subtree, the pages off an index) reads at once:
 * enough to hide a store's round trips, few enough that a 5,000-page tree is not 5,000 reads in flight on
 * EventStoreDB.
 */
export const DOCUMENT_READS = 8;

/** A read-only view of one tree (a revision's content). */
export interface TreeSnapshot {
  /** The tree's hash (for an editor: the hash it was opened on, until it commits). */
  readonly hash: string;
  /** Ids of the root pages, in order. */
  readonly rootPages: readonly string[];
  /** One page, reading only the trie path to it. */
  page(id: string): Promise<PageNode | null>;
  /** Many pages at once (null for each unknown id), sharing the trie reads: for lookups of thousands of ids. */
  pagesById(ids: readonly string[]): Promise<(PageNode | null)[]>;
  /** Every page, depth-first in tree order. */
  pages(): Promise<PageNode[]>;
  /** The page at a path of slugs ("guides/install"); null when none is there. */
  pageByPath(path: string): Promise<PageNode | null>;
  /** The page's path: its and its ancestors' slugs joined by '/'. NotFound for an unknown page. */
  pathOf(id: string): Promise<string>;
  /** The document of a page or a reusable content. */
  document(of: DocumentOwner): Promise<PageDocument | null>;
  /**
   * The document's stored bytes (canonical JSON), unparsed: what a worker thread takes, since parsing a large
   * document and cloning it to the thread would each hold the event loop.
   */
  documentBytes(of: DocumentOwner): Promise<Buffer | null>;
  /** Every file, by id. */
  files(): Promise<FileEntry[]>;
  file(id: string): Promise<FileEntry | null>;
  /** Every reusable content, by id. */
  reusableContents(): Promise<ReusableContentEntry[]>;
  reusableContent(id: string): Promise<ReusableContentEntry | null>;
  /** The revision's variables (an empty object when it has none); look names up with `Object.hasOwn`. */
  variables(): Promise<Variables>;
  /** The space's `.gitbook.yaml` redirects, in their order (an empty list when it has none). */
  folderRedirects(): Promise<FolderRedirect[]>;
}

/** What names a document: a page or a reusable content. */
export type DocumentOwner = Pick<PageNode, 'id' | 'document'>;

/**
 * A tree being changed: reads see the changes made so far; nothing is stored until `commit()`. Operations
 * run one at a time, in the order they are called.
 */
export interface TreeEditor extends TreeSnapshot {
  insertPage(p: {
    id: string;
    into: string | null;
    at?: number;
    type?: PageType;
    meta: Partial<PageMeta> & { title: string };
    /** The document, or already encoded where it was made (a worker thread, for a large one). */
    document: PageDocument | EncodedDocument | null;
    now: string;
  }): Promise<PageNode>;
  updatePage(
    id: string,
    p: { meta?: Partial<PageMeta>; document?: PageDocument | EncodedDocument | null; into?: string | null; at?: number; now: string },
  ): Promise<PageNode>;
  /** Deletes the page and its subpages; answers their ids, the page's first. */
  deletePage(id: string): Promise<string[]>;
  /** Sets a page's node as it is (merges); `children` are derived from the pages' parents and positions. */
  setPage(id: string, node: Omit<PageNode, 'children'> | null): Promise<void>;
  /** A new file, from its bytes (stored at commit) or from bytes already stored (a large file, streamed in). */
  addFile(
    f: {
      id: string;
      name: string;
      contentType: string;
      dimensions?: { width: number; height: number };
      git?: GitSyncBlob;
      now: string;
    } & ({ bytes: Buffer } | { stored: StoredFile }),
  ): Promise<FileEntry>;
  setFile(id: string, entry: FileEntry | null): Promise<void>;
  /** Creates the reusable content or replaces its title, document and git blob (an unchanged one is left as it was). */
  putReusableContent(p: { id: string; title: string; document: PageDocument | null; git?: GitSyncBlob; now: string }): Promise<ReusableContentEntry>;
  /** NotFound for an unknown id. */
  deleteReusableContent(id: string): Promise<void>;
  /** Sets an entry as it is (merges), its document already stored. */
  setReusableContent(id: string, entry: ReusableContentEntry | null): Promise<void>;
  /** Replaces the revision's variables with these. */
  setVariables(variables: Variables): Promise<void>;
  /** Replaces the space's `.gitbook.yaml` redirects with these (assertFolderRedirects). */
  setFolderRedirects(redirects: FolderRedirect[]): Promise<void>;
  /** Stores every new object in one `put` and answers the new tree's hash (the same hash when nothing changed). */
  commit(): Promise<string>;
}

export interface Change<T> {
  id: string;
  before: T | null;
  after: T | null;
}

/**
 * Content trees over the content-object store: opening a revision's tree, editing it into a new one.
 * One cache of decoded objects is shared by every tree opened here; a process has one ContentTrees per store
 * (`treesOf`), so the API's reads, Git Sync and the projections share it too.
 */
export class ContentTrees {
  private readonly objects: TreeObjects;

  constructor(store: ContentObjectStore) {
    this.objects = new TreeObjects(store, new LruCache(TREE_CACHE_BYTES));
  }

  async open(tree: string): Promise<TreeSnapshot> {
    return this.view(tree);
  }

  async edit(tree: string): Promise<TreeEditor> {
    return new TreeDraft(await this.view(tree));
  }

  /** Stores a document now (not in a tree's commit) and answers its hash. */
  async putDocument(document: PageDocument): Promise<string> {
    const [hash] = await this.objects.store.put([canonicalJson(document)]);
    return hash;
  }

  async getDocument(hash: string): Promise<PageDocument | null> {
    return (await this.objects.readUncached(hash)) as PageDocument | null;
  }

  private async view(tree: string): Promise<TreeView> {
    const [root] = (await this.objects.find([tree])) as (TreeRoot | null)[];
    if (root === null || root.object !== 'tree') throw new NotFound(`tree ${tree}`);
    return new TreeView(this.objects, tree, root);
  }
}

/** The maps of a tree whose entries `diffTrees` compares by id. */
export type TreeMapName = 'pages' | 'files' | 'reusableContents';

export interface TreeDiff {
  pages: Change<PageNode>[];
  files: Change<FileEntry>[];
  reusableContents: Change<ReusableContentEntry>[];
}

/**
 * What differs between two trees: pages whose node changed in anything but `children` (which only
 * follows the other pages' parents and positions), files and reusable contents. Cost grows with what
 * differs: equal subtries of the maps are not read.
 */
export async function diffTrees(a: TreeSnapshot, b: TreeSnapshot): Promise<TreeDiff> {
  // Stored trees are content-addressed: one hash, one tree. The common case of a replay (a space created
  // empty, main followed to the tree already indexed) then costs nothing.
  if (a instanceof TreeView && b instanceof TreeView && a.hash === b.hash) return { pages: [], files: [], reusableContents: [] };
  const [left, right] = [layersOf(a), layersOf(b)];
  const [pageIds, fileIds, reusableIds] = await Promise.all(
    (['pages', 'files', 'reusableContents'] as const).map((what) => candidates(left, right, what)),
  );
  const [pagesBefore, pagesAfter, filesBefore, filesAfter, reusablesBefore, reusablesAfter] = await Promise.all([
    left.reader.pagesById(pageIds),
    right.reader.pagesById(pageIds),
    Promise.all(fileIds.map((id) => a.file(id))),
    Promise.all(fileIds.map((id) => b.file(id))),
    Promise.all(reusableIds.map((id) => a.reusableContent(id))),
    Promise.all(reusableIds.map((id) => b.reusableContent(id))),
  ]);
  const withoutChildren = (node: PageNode | null) => node && { ...node, children: [] };
  const asIs = <T>(entry: T) => entry;
  return {
    pages: changes(pageIds, pagesBefore, pagesAfter, withoutChildren),
    files: changes(fileIds, filesBefore, filesAfter, asIs),
    reusableContents: changes(reusableIds, reusablesBefore, reusablesAfter, asIs),
  };
}

interface Layers {
  reader: TreeReader;
  /** The tree as stored under it. */
  view: TreeView;
  /** Ids an editor changed on top of the stored tree. */
  staged(what: TreeMapName): Iterable<string>;
}

/** Ids that may differ: the map diff of the stored trees, plus what editors changed on top of them. */
async function candidates(left: Layers, right: Layers, what: TreeMapName): Promise<string[]> {
  const ids = new Set(await left.view.changedIds(right.view, what));
  for (const layer of [left, right]) for (const id of layer.staged(what)) ids.add(id);
  return [...ids].sort();
}

function layersOf(tree: TreeSnapshot): Layers {
  if (tree instanceof TreeDraft) return { reader: tree, ...tree.layers() };
  if (tree instanceof TreeView) return { reader: tree, view: tree, staged: () => [] };
  throw new TypeError('diffTrees compares trees opened by ContentTrees');
}

function changes<T extends { id: string }>(
  ids: string[],
  before: (T | null)[],
  after: (T | null)[],
  compared: (value: T | null) => unknown,
): Change<T>[] {
  return ids.flatMap((id, i) => {
    const [x, y] = [before[i], after[i]];
    if (x === null && y === null) return [];
    if (x !== null && y !== null && canonicalJson(compared(x)).equals(canonicalJson(compared(y)))) return [];
    return [{ id, before: x, after: y }];
  });
}

import { DocumentOwner, TreeMapName } from './content-trees';
import { EMPTY_MAP_HASH } from './empty-tree';
import { HashedMap, MapObjects } from './hashed-map';
import { byId } from './id-order';
import { FileEntry, FolderRedirect, FolderRedirectsObject, PageNode, ReusableContentEntry, TreeRoot, Variables } from './tree.model';
import { TreeObjects } from './tree-objects';
import { TreeReader } from './tree-reader';

/**
 * A stored tree, read through the shared cache: pages by id through the page map, files and reusable contents
 * through theirs. A root stored before reusable contents and variables existed has neither: it reads as empty.
 */
export class TreeView extends TreeReader {
  readonly index: HashedMap<string>;
  readonly fileMap: HashedMap<FileEntry>;
  readonly reusableMap: HashedMap<ReusableContentEntry>;
  /**
   * Pages already looked up in this view, by id: editing scans a page's siblings (slugs, order) once per
   * operation, and a batch of operations under one parent must not walk the trie for each sibling each time.
   */
  private readonly looked = new Map<string, PageNode | null>();

  constructor(
    readonly objects: TreeObjects,
    readonly hash: string,
    readonly root: TreeRoot,
  ) {
    super();
    // Reading only: a view never stages anything.
    const readOnly: MapObjects = {
      readMany: (hashes) => objects.readMany(hashes),
      stage: () => {
        throw new Error('a stored tree is read-only');
      },
    };
    this.index = new HashedMap(readOnly);
    this.fileMap = new HashedMap(readOnly);
    this.reusableMap = new HashedMap(readOnly);
  }

  /** The reusable-content map's root (the empty map for a tree that has none). */
  get reusableRoot(): string {
    return this.root.reusableContents ?? EMPTY_MAP_HASH;
  }

  get rootPages(): readonly string[] {
    return this.root.pages;
  }

  async pagesById(ids: readonly string[]): Promise<(PageNode | null)[]> {
    const missing = [...new Set(ids.filter((id) => !this.looked.has(id)))];
    if (missing.length > 0) {
      const hashes = await this.index.getMany(this.root.index, missing);
      const nodes = (await this.objects.readMany(missing.flatMap((id) => hashes.get(id) ?? []))) as PageNode[];
      const byId = new Map(nodes.map((node) => [node.id, node]));
      for (const id of missing) this.looked.set(id, byId.get(id) ?? null);
    }
    return ids.map((id) => this.looked.get(id) ?? null);
  }

  async documentBytes(of: DocumentOwner): Promise<Buffer | null> {
    if (of.document === null) return null;
    const bytes = await this.objects.store.get(of.document);
    if (bytes === null) throw new Error(`document ${of.document} of ${of.id} is missing from the store`);
    return bytes;
  }

  async files(): Promise<FileEntry[]> {
    return [...(await this.fileMap.entries(this.root.files)).values()].sort(byId);
  }

  async file(id: string): Promise<FileEntry | null> {
    return (await this.fileMap.getMany(this.root.files, [id])).get(id) ?? null;
  }

  async reusableContents(): Promise<ReusableContentEntry[]> {
    return [...(await this.reusableMap.entries(this.reusableRoot)).values()].sort(byId);
  }

  async reusableContent(id: string): Promise<ReusableContentEntry | null> {
    return (await this.reusableMap.getMany(this.reusableRoot, [id])).get(id) ?? null;
  }

  async variables(): Promise<Variables> {
    return { ...this.root.variables };
  }

  async folderRedirects(): Promise<FolderRedirect[]> {
    if (this.root.redirects === undefined) return [];
    const [stored] = (await this.objects.readMany([this.root.redirects])) as FolderRedirectsObject[];
    return stored.redirects.map((redirect) => ({ ...redirect }));
  }

  /** Ids whose entry differs between one of this tree's maps and the other tree's. */
  async changedIds(other: TreeView, what: TreeMapName): Promise<string[]> {
    const changes =
      what === 'pages'
        ? await this.index.diff(this.root.index, other.root.index)
        : what === 'files'
          ? await this.fileMap.diff(this.root.files, other.root.files)
          : await this.reusableMap.diff(this.reusableRoot, other.reusableRoot);
    return changes.map((change) => change.key);
  }
}

import { HashedMap, MapObjects } from './hashed-map';
import { FileEntry, PageNode, TreeRoot } from './tree.model';
import { TreeObjects } from './tree-objects';
import { TreeReader } from './tree-reader';

/** A stored tree, read through the shared cache: pages by id through the page map, files through the file map. */
export class TreeView extends TreeReader {
  readonly index: HashedMap<string>;
  readonly fileMap: HashedMap<FileEntry>;
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

  async documentBytes(page: PageNode): Promise<Buffer | null> {
    if (page.document === null) return null;
    const bytes = await this.objects.store.get(page.document);
    if (bytes === null) throw new Error(`document ${page.document} of page ${page.id} is missing from the store`);
    return bytes;
  }

  async files(): Promise<FileEntry[]> {
    const entries = await this.fileMap.entries(this.root.files);
    return [...entries.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async file(id: string): Promise<FileEntry | null> {
    return (await this.fileMap.getMany(this.root.files, [id])).get(id) ?? null;
  }

  /** Ids whose entry differs between this tree's page (or file) map and another's. */
  async changedIds(other: TreeView, what: 'pages' | 'files'): Promise<string[]> {
    const changes =
      what === 'pages'
        ? await this.index.diff(this.root.index, other.root.index)
        : await this.fileMap.diff(this.root.files, other.root.files);
    return changes.map((change) => change.key);
  }
}

import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { assertStorable, contentHash } from '@folio/platform/object-store/content-object-store.port';
import { PageDocument } from '../document/document.model';
import { EncodedDocument, encodeDocument } from '../document/stored-document';
import { DocumentOwner, TreeEditor, TreeMapName } from './content-trees';
import { EMPTY_MAP_HASH } from './empty-tree';
import { HashedMap, MapObjects } from './hashed-map';
import { byId } from './id-order';
import { bySiblingOrder, placeAt, Placed } from './page-placement';
import { assertSlug, slugFromTitle, uniqueSlug } from './slugs';
import { FileEntry, FolderRedirect, PAGE_TYPES, PageMeta, PageNode, PageType, ReusableContentEntry, StoredFile, TreeRoot, Variables } from './tree.model';
import { isKnownObject } from './tree-objects';
import { TreeReader } from './tree-reader';
import { TreeView } from './tree-view';
import { assertVariables } from './variables';
import { assertFolderRedirects } from './folder-redirects';

type InsertPage = Parameters<TreeEditor['insertPage']>[0];
type UpdatePage = Parameters<TreeEditor['updatePage']>[1];
type AddFile = Parameters<TreeEditor['addFile']>[0];
type PutReusableContent = Parameters<TreeEditor['putReusableContent']>[0];

const META_KEYS = [
  'title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition',
  'linkTitle', 'layout', 'cover', 'metaLinks', 'variables', 'git',
] as const;
/** Stands for "the root pages" where a parent id goes. */
const ROOT = '';

/**
 * A tree being edited: changed pages, files and documents are held in memory over the stored tree, and
 * `commit()` writes every new object in one `put`. Operations are applied one at a time (queued), each
 * checked before it changes anything, so a refused one leaves the draft as it was.
 *
 * `children` are derived: every operation records the pages whose parent or position it set, then
 * `settle()` takes them out of their old parents' lists and sorts them into their new ones. `setPage` (used by
 * merges, which may set a child before its parent) leaves a page whose parent is not (yet) there aside; it
 * must be there by `commit()`.
 */
export class TreeDraft extends TreeReader implements TreeEditor {
  private readonly nodes = new Map<string, PageNode | null>();
  private roots: string[] | null = null;
  private readonly fileEntries = new Map<string, FileEntry | null>();
  private readonly reusables = new Map<string, ReusableContentEntry | null>();
  /** The variables set since the last commit (null: as the stored tree has them). */
  private vars: Variables | null = null;
  /** The `.gitbook.yaml` redirects set since the last commit (null: as the stored tree has them). */
  private redirects: FolderRedirect[] | null = null;
  /** Staged documents and file bytes by hash; only those a committed node or entry names are stored. */
  private readonly staged = new Map<string, Buffer>();
  /** Pages set since the last settle, with their node before (undefined: only to be sorted in, an orphan's retry). */
  private readonly unsettled = new Map<string, PageNode | null | undefined>();
  /** Pages whose parent is not in the tree. */
  private readonly orphans = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private base: TreeView) {
    super();
  }

  get hash(): string {
    return this.base.hash;
  }

  get rootPages(): readonly string[] {
    return this.roots ?? this.base.rootPages;
  }

  async pagesById(ids: readonly string[]): Promise<(PageNode | null)[]> {
    const stored = await this.base.pagesById(ids.filter((id) => !this.nodes.has(id)));
    let next = 0;
    return ids.map((id) => (this.nodes.has(id) ? (this.nodes.get(id) ?? null) : stored[next++]));
  }

  async documentBytes(of: DocumentOwner): Promise<Buffer | null> {
    const bytes = of.document === null ? undefined : this.staged.get(of.document);
    return bytes ?? this.base.documentBytes(of);
  }

  async files(): Promise<FileEntry[]> {
    return overlay(await this.base.files(), this.fileEntries);
  }

  async file(id: string): Promise<FileEntry | null> {
    return this.fileEntries.has(id) ? (this.fileEntries.get(id) ?? null) : this.base.file(id);
  }

  async reusableContents(): Promise<ReusableContentEntry[]> {
    return overlay(await this.base.reusableContents(), this.reusables);
  }

  async reusableContent(id: string): Promise<ReusableContentEntry | null> {
    return this.reusables.has(id) ? (this.reusables.get(id) ?? null) : this.base.reusableContent(id);
  }

  async variables(): Promise<Variables> {
    return this.vars ? { ...this.vars } : this.base.variables();
  }

  async folderRedirects(): Promise<FolderRedirect[]> {
    return this.redirects ? this.redirects.map((redirect) => ({ ...redirect })) : this.base.folderRedirects();
  }

  /** The stored tree under this draft and what the draft changed on top of it (for diffTrees). */
  layers() {
    const staged = { pages: this.nodes, files: this.fileEntries, reusableContents: this.reusables };
    return { view: this.base, staged: (what: TreeMapName) => staged[what].keys() };
  }

  insertPage(p: InsertPage): Promise<PageNode> {
    return this.exclusive(async () => {
      if (await this.page(p.id)) throw new Invalid(`page ${p.id} already exists`);
      const type: PageType = p.type ?? 'document';
      if (!PAGE_TYPES.includes(type)) throw new Invalid(`page type must be one of ${PAGE_TYPES.join(', ')}`);
      if (type !== 'document' && p.document !== null) throw new Invalid(`a ${type} page has no document`);
      if (p.into !== null && !(await this.page(p.into))) throw new NotFound(`page ${p.into}`);
      const siblings = await this.childrenOf(p.into);
      const { position, moved } = placeAt(siblings, p.at);
      const taken = new Set(siblings.map((sibling) => sibling.slug));
      if (p.meta.slug !== undefined) assertSlug(p.meta.slug, taken);
      const node: PageNode = {
        ...withMeta({} as PageNode, p.meta),
        id: p.id,
        type,
        parent: p.into,
        position,
        children: [],
        slug: p.meta.slug ?? uniqueSlug(slugFromTitle(p.meta.title), taken),
        document: this.stageDocument(p.document),
        createdAt: p.now,
        updatedAt: p.now,
      };
      await this.reposition(siblings, moved);
      await this.setNode(p.id, node);
      return this.settled(p.id);
    });
  }

  updatePage(id: string, p: UpdatePage): Promise<PageNode> {
    return this.exclusive(async () => {
      const current = await this.page(id);
      if (!current) throw new NotFound(`page ${id}`);
      if (p.document && current.type !== 'document') throw new Invalid(`a ${current.type} page has no document`);
      const parent = p.into === undefined ? current.parent : p.into;
      if (parent !== current.parent) await this.assertCanHold(parent, id);
      // Siblings matter only when the page's place or slug may change: an edit in place (a merge writing a
      // document, a rename) reads none of them.
      const placing = p.into !== undefined || p.at !== undefined || p.meta?.slug !== undefined;
      const siblings = placing ? (await this.childrenOf(parent)).filter((sibling) => sibling.id !== id) : [];
      const taken = new Set(siblings.map((sibling) => sibling.slug));

      let position = current.position;
      let moved: Placed[] = [];
      const stays = parent === current.parent && (p.at === undefined || p.at === this.indexAmong(siblings, current));
      if (!stays) ({ position, moved } = placeAt(siblings, p.at));

      let slug = current.slug;
      if (p.meta?.slug !== undefined) {
        assertSlug(p.meta.slug, taken);
        slug = p.meta.slug;
      } else if (taken.has(slug)) {
        slug = uniqueSlug(slug, taken); // moved next to a page with its slug: paths stay unique
      }

      const next: PageNode = {
        ...withMeta(current, p.meta ?? {}),
        slug,
        parent,
        position,
        document: p.document === undefined ? current.document : this.stageDocument(p.document),
      };
      // An update that changes nothing writes nothing (not even updatedAt).
      if (canonicalJson(next).equals(canonicalJson(current))) return current;
      await this.reposition(siblings, moved);
      await this.setNode(id, { ...next, updatedAt: p.now });
      return this.settled(id);
    });
  }

  deletePage(id: string): Promise<string[]> {
    return this.exclusive(async () => {
      const page = await this.page(id);
      if (!page) throw new NotFound(`page ${id}`);
      const deleted: string[] = [];
      const visit = async (node: PageNode) => {
        deleted.push(node.id);
        for (const child of await this.pagesById(node.children)) if (child) await visit(child);
      };
      await visit(page);
      for (const pageId of deleted) await this.setNode(pageId, null);
      await this.settle();
      return deleted;
    });
  }

  setPage(id: string, node: Omit<PageNode, 'children'> | null): Promise<void> {
    return this.exclusive(async () => {
      if (node && node.id !== id) throw new Invalid(`page node ${node.id} set under id ${id}`);
      if (node && node.type !== undefined && !PAGE_TYPES.includes(node.type)) throw new Invalid(`page ${id} has an unknown type`);
      await this.setNode(id, node && { ...node, children: [] });
      await this.settle();
    });
  }

  addFile(f: AddFile): Promise<FileEntry> {
    return this.exclusive(async () => {
      if (await this.file(f.id)) throw new Invalid(`file ${f.id} already exists`);
      const stored = 'stored' in f ? f.stored : this.stageFile(f.bytes, f.name);
      const entry: FileEntry = {
        id: f.id,
        name: f.name,
        contentType: f.contentType,
        size: stored.size,
        object: stored.object,
        ...(stored.chunked && { chunked: true }),
        ...(f.dimensions && { dimensions: { width: f.dimensions.width, height: f.dimensions.height } }),
        ...(f.git && { git: { oid: f.git.oid, path: f.git.path } }),
        createdAt: f.now,
      };
      this.fileEntries.set(f.id, entry);
      return entry;
    });
  }

  setFile(id: string, entry: FileEntry | null): Promise<void> {
    return this.exclusive(async () => {
      if (entry && entry.id !== id) throw new Invalid(`file entry ${entry.id} set under id ${id}`);
      this.fileEntries.set(id, entry);
    });
  }

  putReusableContent(p: PutReusableContent): Promise<ReusableContentEntry> {
    return this.exclusive(async () => {
      if (typeof p.id !== 'string' || p.id.length === 0) throw new Invalid('a reusable content needs an id');
      if (typeof p.title !== 'string' || p.title.length === 0) throw new Invalid(`reusable content ${p.id} needs a title`);
      const current = await this.reusableContent(p.id);
      const next: ReusableContentEntry = {
        id: p.id,
        title: p.title,
        document: this.stageDocument(p.document),
        ...(p.git && { git: { oid: p.git.oid, path: p.git.path } }),
        createdAt: current?.createdAt ?? p.now,
        updatedAt: current?.updatedAt ?? p.now,
      };
      // Writing it again as it is changes nothing (not even updatedAt): an import of an unchanged folder is no change.
      if (current && canonicalJson(next).equals(canonicalJson(current))) return current;
      const entry = { ...next, updatedAt: p.now };
      this.reusables.set(p.id, entry);
      return entry;
    });
  }

  deleteReusableContent(id: string): Promise<void> {
    return this.exclusive(async () => {
      if (!(await this.reusableContent(id))) throw new NotFound(`reusable content ${id}`);
      this.reusables.set(id, null);
    });
  }

  setReusableContent(id: string, entry: ReusableContentEntry | null): Promise<void> {
    return this.exclusive(async () => {
      if (entry && entry.id !== id) throw new Invalid(`reusable content ${entry.id} set under id ${id}`);
      this.reusables.set(id, entry);
    });
  }

  setVariables(variables: Variables): Promise<void> {
    return this.exclusive(async () => {
      assertVariables(variables, 'the revision');
      this.vars = { ...variables };
    });
  }

  setFolderRedirects(redirects: FolderRedirect[]): Promise<void> {
    return this.exclusive(async () => {
      assertFolderRedirects(redirects);
      this.redirects = redirects.map(({ source, target, page }) => ({ source, target, ...(page !== undefined && { page }) }));
    });
  }

  commit(): Promise<string> {
    return this.exclusive(async () => {
      await this.settle();
      await this.assertWhole();
      const batch = new Map<string, { bytes: Buffer; value?: unknown }>();
      const stage = (value: unknown) => {
        const bytes = canonicalJson(value);
        const hash = contentHash(bytes);
        batch.set(hash, { bytes, value });
        return hash;
      };
      const objects: MapObjects = { readMany: (hashes) => this.base.objects.readMany(hashes), stage };

      // Page nodes are hashed first and staged only where the page map really changes.
      const nodes = new Map([...this.nodes].map(([id, node]) => [id, node && { node, bytes: canonicalJson(node) }]));
      const index = await new HashedMap<string>(objects).update(
        this.base.root.index,
        new Map([...nodes].map(([id, staged]) => [id, staged && contentHash(staged.bytes)])),
      );
      const before = await this.base.pagesById(index.changed);
      index.changed.forEach((id, i) => {
        const staged = nodes.get(id);
        if (!staged) return;
        batch.set(contentHash(staged.bytes), { bytes: staged.bytes, value: staged.node });
        const document = staged.node.document;
        const bytes = document === null ? undefined : this.staged.get(document);
        if (bytes && before[i]?.document !== document) batch.set(document!, { bytes });
      });
      const files = await new HashedMap<FileEntry>(objects).update(this.base.root.files, this.fileEntries);
      for (const id of files.changed) {
        const object = this.fileEntries.get(id)?.object;
        const bytes = object === undefined ? undefined : this.staged.get(object);
        if (bytes && (await this.base.file(id))?.object !== object) batch.set(object!, { bytes });
      }

      const reusables = await new HashedMap<ReusableContentEntry>(objects).update(this.base.reusableRoot, this.reusables);
      for (const id of reusables.changed) {
        const document = this.reusables.get(id)?.document;
        const bytes = document ? this.staged.get(document) : undefined;
        if (bytes && (await this.base.reusableContent(id))?.document !== document) batch.set(document!, { bytes });
      }

      const variables = this.vars ?? this.base.root.variables ?? {};
      const redirects = this.redirects === null ? this.base.root.redirects : this.redirects.length > 0 ? stage({ object: 'folder-redirects', redirects: this.redirects }) : undefined;
      // Left out while empty: a tree without them hashes as trees did before they existed.
      const root: TreeRoot = {
        object: 'tree',
        pages: [...this.rootPages],
        index: index.root,
        files: files.root,
        ...(reusables.root !== EMPTY_MAP_HASH && { reusableContents: reusables.root }),
        ...(Object.keys(variables).length > 0 && { variables }),
        ...(redirects !== undefined && { redirects }),
      };
      const hash = stage(root);
      if (hash !== this.base.hash) {
        for (const known of [...batch.keys()].filter(isKnownObject)) batch.delete(known);
        await this.base.objects.store.put([...batch.values()].map((object) => object.bytes));
        for (const [objectHash, { bytes, value }] of batch) if (value !== undefined) this.base.objects.remember(objectHash, value, bytes.byteLength);
        this.base = new TreeView(this.base.objects, hash, root);
      }
      this.nodes.clear();
      this.roots = null;
      this.fileEntries.clear();
      this.reusables.clear();
      this.vars = null;
      this.redirects = null;
      this.staged.clear();
      return hash;
    });
  }

  /** Runs operations one after another, whatever the caller awaits. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * A document larger than the store holds is refused (413) by encodeDocument, where it is encoded (here, or
   * in the thread that made an EncodedDocument), before anything changes: the batch writes nothing.
   */
  private stageDocument(document: PageDocument | EncodedDocument | null): string | null {
    if (document === null) return null;
    const { bytes, hash } = document instanceof EncodedDocument ? document : encodeDocument(document);
    this.staged.set(hash, bytes);
    return hash;
  }

  /** A file's bytes, stored at commit as one object (so at most the store's limit: 413 beyond, nothing changed). */
  private stageFile(bytes: Buffer, name: string): StoredFile {
    assertStorable(bytes, `The file ${name}`);
    const object = contentHash(bytes);
    this.staged.set(object, bytes);
    return { object, size: bytes.length };
  }

  private async settled(id: string): Promise<PageNode> {
    await this.settle();
    return (await this.page(id))!;
  }

  /** Records a page's new node; its old one is kept until the next settle, to take it out of its old parent. */
  private async setNode(id: string, node: PageNode | null): Promise<void> {
    const [previous] = await this.pagesById([id]);
    if (!this.unsettled.has(id)) this.unsettled.set(id, previous);
    this.nodes.set(id, node && { ...node, children: previous?.children ?? [] });
  }

  /** New positions for siblings re-keyed by `placeAt` (their order does not change). */
  private async reposition(siblings: readonly PageNode[], moved: readonly Placed[]): Promise<void> {
    for (const { id, position } of moved) {
      const sibling = siblings.find((node) => node.id === id)!;
      await this.setNode(id, { ...sibling, position });
    }
  }

  private indexAmong(siblings: readonly PageNode[], page: PageNode): number {
    return siblings.filter((sibling) => bySiblingOrder(sibling, page) < 0).length;
  }

  /** Refuses a parent that is missing, or is the page itself or one of its subpages. */
  private async assertCanHold(parent: string | null, id: string): Promise<void> {
    for (let at = parent; at !== null; ) {
      if (at === id) throw new Invalid(`page ${id} cannot move into itself or one of its subpages`);
      const node: PageNode | null = await this.page(at);
      if (!node) throw new NotFound(`page ${at}`);
      at = node.parent;
    }
  }

  /** Brings `children` (and the root pages) in line with the parents and positions set since the last settle. */
  private async settle(): Promise<void> {
    const work = [...this.unsettled];
    for (const id of this.orphans) if (!this.unsettled.has(id)) work.push([id, undefined]);
    this.unsettled.clear();
    this.orphans.clear();
    if (work.length === 0) return;

    const removals = new Map<string, Set<string>>();
    const insertions = new Map<string, Set<string>>();
    const add = (into: Map<string, Set<string>>, parent: string | null, id: string) => {
      const key = parent ?? ROOT;
      if (!into.has(key)) into.set(key, new Set());
      into.get(key)!.add(id);
    };
    const nexts = await this.pagesById(work.map(([id]) => id));
    for (const [i, [id, previous]] of work.entries()) {
      const next = nexts[i];
      const placed = !previous || !next || previous.parent !== next.parent || previous.position !== next.position;
      if (previous && placed) add(removals, previous.parent, id);
      if (next && placed) add(insertions, next.parent, id);
      // Subpages left under a deleted page: orphans, unless the page comes back.
      if (previous && !next) {
        const children = await this.pagesById(previous.children);
        for (const child of children) if (child?.parent === id) this.orphans.add(child.id);
      }
    }

    for (const key of new Set([...removals.keys(), ...insertions.keys()])) {
      const parent = key === ROOT ? null : (await this.pagesById([key]))[0];
      if (key !== ROOT && !parent) {
        for (const id of insertions.get(key) ?? []) this.orphans.add(id);
        continue;
      }
      const leaving = removals.get(key) ?? new Set<string>();
      const arriving = insertions.get(key) ?? new Set<string>();
      const ordered = [...(parent ? parent.children : this.rootPages)].filter((id) => !leaving.has(id) && !arriving.has(id));
      for (const node of await this.pagesById([...arriving])) await this.sortIn(ordered, node!);
      if (parent) this.nodes.set(parent.id, { ...parent, children: ordered });
      else this.roots = ordered;
    }
  }

  /** Inserts a page into an ordered list of its siblings' ids (binary search: a few sibling reads, not all). */
  private async sortIn(ordered: string[], node: PageNode): Promise<void> {
    let [low, high] = [0, ordered.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      const [sibling] = await this.pagesById([ordered[middle]]);
      if (bySiblingOrder(sibling!, node) < 0) low = middle + 1;
      else high = middle;
    }
    ordered.splice(low, 0, node.id);
  }

  /** Before a commit: every page hangs under a page of the tree, and no page is its own ancestor. */
  private async assertWhole(): Promise<void> {
    for (const id of this.orphans) {
      const [node] = await this.pagesById([id]);
      throw new Invalid(`page ${id} is under page ${node?.parent}, which is not in the tree`);
    }
    for (const [id, node] of this.nodes) {
      const seen = new Set([id]);
      for (let at = node?.parent ?? null; at !== null; ) {
        if (seen.has(at)) throw new Invalid(`page ${id} is its own ancestor`);
        seen.add(at);
        at = (await this.pagesById([at]))[0]?.parent ?? null;
      }
    }
  }
}

/** A map's entries with a draft's changes over them (null: deleted), by id. */
function overlay<T extends { id: string }>(stored: T[], changes: ReadonlyMap<string, T | null>): T[] {
  const entries = new Map(stored.map((entry) => [entry.id, entry]));
  for (const [id, entry] of changes) {
    if (entry) entries.set(id, entry);
    else entries.delete(id);
  }
  return [...entries.values()].sort(byId);
}

/** The node with the given metadata applied (`null` clears an optional field). */
function withMeta(node: PageNode, meta: Partial<PageMeta>): PageNode {
  if (meta.variables) assertVariables(meta.variables, `page ${node.id ?? meta.title}`);
  const next: Record<string, unknown> = { ...node };
  for (const key of META_KEYS) {
    const value = (meta as Record<string, unknown>)[key];
    if (value === null && key !== 'title' && key !== 'slug') delete next[key];
    else if (value !== undefined && value !== null) next[key] = value;
  }
  return next as unknown as PageNode;
}

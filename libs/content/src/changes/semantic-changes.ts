import { isDeepStrictEqual } from 'node:util';
import { Change, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { inTreeOrder } from '@folio/kernel/tree/tree-order';
import { FileEntry, PageNode, PageType } from '@folio/kernel/tree/tree.model';

/** The spec's ChangedRevisionPage: a page as it is on the side of the change where it exists. */
export interface ChangedRevisionPage {
  id: string;
  type: PageType;
  title: string;
  path: string;
}

/** The spec's ChangedRevisionFile. */
export interface ChangedRevisionFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
}

/** The spec's ChangeAttribute*: a side is absent where the value is (an emoji added has no `before`). */
export interface ChangeAttribute<T> {
  before?: T;
  after?: T;
}

type Attributes = Record<string, ChangeAttribute<unknown>>;

/** The spec's RevisionSemanticChange, for what Folio's content has: pages and files. */
export type SemanticChange =
  | { type: 'page_created'; page: ChangedRevisionPage }
  | { type: 'page_edited'; page: ChangedRevisionPage; attributes: Attributes }
  | { type: 'page_deleted'; page: ChangedRevisionPage }
  | { type: 'page_moved'; page: ChangedRevisionPage; parent: ChangeAttribute<ChangedRevisionPage> }
  | { type: 'file_created'; file: ChangedRevisionFile }
  | { type: 'file_edited'; file: ChangedRevisionFile; attributes: Attributes }
  | { type: 'file_deleted'; file: ChangedRevisionFile };

/** The spec's RevisionSemanticChanges (without `mergedFrom`, which only a revision's route adds). */
export interface SemanticChanges {
  changes: SemanticChange[];
  /** How many changes were left out by the limit; absent when none was. */
  more?: number;
}

/** What `diffTrees` answers. */
export interface TreeDiff {
  pages: Change<PageNode>[];
  files: Change<FileEntry>[];
}

/**
 * The page fields each page type reports when edited (the spec's RevisionPage{Document,Group,Link}ChangeAttributes).
 * A document's `document` is its hash, the page resource's `documentId`: what changed is told, the body is one read away.
 */
const REPORTED: Record<PageType, readonly (keyof PageNode)[]> = {
  document: ['title', 'description', 'slug', 'emoji', 'document'],
  group: ['title', 'emoji', 'slug'],
  link: ['title', 'emoji', 'target'],
};

/**
 * The semantic changes from `before` to `after`, given their diff: pages in `after`'s tree order (a
 * page both moved and edited gives both, the move first), then deleted pages in `before`'s tree order
 * (a deleted page's subpages each listed after it), then files by id. Only the first `limit` are built
 * (paths, parents, URLs); the rest are counted in `more`. Reads only the changed pages and their
 * ancestors, never the whole tree.
 */
export async function semanticChanges(
  diff: TreeDiff,
  trees: { before: TreeSnapshot; after: TreeSnapshot },
  options: { limit: number; downloadUrl: (file: FileEntry) => string },
): Promise<SemanticChanges> {
  const [kept, deleted] = [diff.pages.filter((c) => c.after !== null), diff.pages.filter((c) => c.after === null)];
  const pending: Pending[] = [
    ...(await inTreeOrder(trees.after, kept, (change) => change.id)).flatMap(pageEntries),
    ...(await inTreeOrder(trees.before, deleted, (change) => change.id)).flatMap(pageEntries),
    ...diff.files.flatMap(fileEntries),
  ];
  const shown = pending.slice(0, options.limit);
  const build = new Builder(trees, options.downloadUrl);
  const changes: SemanticChange[] = [];
  // One at a time: the entries share the trees' lookups of common ancestors.
  for (const entry of shown) changes.push(await entry(build));
  const more = pending.length - shown.length;
  return more > 0 ? { changes, more } : { changes };
}

/** An entry whose kind is known, built (paths, parents, URLs) only if it is shown. */
type Pending = (build: Builder) => Promise<SemanticChange>;

function pageEntries({ before, after }: Change<PageNode>): Pending[] {
  if (before === null) return [async (b) => ({ type: 'page_created', page: await b.page(after!, 'after') })];
  if (after === null) return [async (b) => ({ type: 'page_deleted', page: await b.page(before, 'before') })];
  const entries: Pending[] = [];
  // A page put elsewhere among the same siblings moved too: its parent is then the same on both sides.
  if (before.parent !== after.parent || before.position !== after.position) {
    entries.push(async (b) => ({
      type: 'page_moved',
      page: await b.page(after, 'after'),
      parent: { ...(await b.parent(before, 'before')), ...(await b.parent(after, 'after')) },
    }));
  }
  const attributes = changedAttributes(REPORTED[after.type], before, after);
  if (attributes) entries.push(async (b) => ({ type: 'page_edited', page: await b.page(after, 'after'), attributes }));
  return entries;
}

function fileEntries({ before, after }: Change<FileEntry>): Pending[] {
  if (before === null) return [async (b) => ({ type: 'file_created', file: b.file(after!) })];
  if (after === null) return [async (b) => ({ type: 'file_deleted', file: b.file(before) })];
  const attributes = changedAttributes(['name', 'contentType', 'size', 'dimensions'], before, after) ?? {};
  // The download URL names the bytes: it changed exactly when they did (URLs signed now for the same bytes are no change).
  const bytesChanged = before.object !== after.object;
  if (!bytesChanged && Object.keys(attributes).length === 0) return []; // nothing the spec can tell (its creation time)
  return [
    async (b) => {
      const file = b.file(after);
      if (bytesChanged) attributes.downloadURL = { before: b.file(before).downloadURL, after: file.downloadURL };
      return { type: 'file_edited', file, attributes };
    },
  ];
}

/** The fields that differ, each with the sides that have a value; undefined when none differs. */
function changedAttributes<T extends object>(fields: readonly (keyof T)[], before: T, after: T): Attributes | undefined {
  const attributes: Attributes = {};
  for (const field of fields) {
    const [was, is] = [present(before[field]), present(after[field])];
    if (isDeepStrictEqual(was, is)) continue;
    attributes[field as string] = { ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) };
  }
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** Null (no document) and an empty string (an emoji removed) are no value. */
const present = (value: unknown) => (value === null || value === '' ? undefined : value);

/** Builds the resources of the entries shown. */
class Builder {
  constructor(
    private readonly trees: { before: TreeSnapshot; after: TreeSnapshot },
    private readonly downloadUrl: (file: FileEntry) => string,
  ) {}

  async page(node: PageNode, side: 'before' | 'after'): Promise<ChangedRevisionPage> {
    return { id: node.id, type: node.type, title: node.title, path: await this.trees[side].pathOf(node.id) };
  }

  /** The page's parent on one side, keyed by that side; nothing for a root page. */
  async parent(node: PageNode, side: 'before' | 'after'): Promise<ChangeAttribute<ChangedRevisionPage>> {
    if (node.parent === null) return {};
    const parent = await this.trees[side].page(node.parent);
    return parent ? { [side]: await this.page(parent, side) } : {};
  }

  file(entry: FileEntry): ChangedRevisionFile {
    return { id: entry.id, name: entry.name, contentType: entry.contentType, downloadURL: this.downloadUrl(entry) };
  }
}

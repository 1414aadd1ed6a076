import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { ContentRef } from '@folio/kernel/document/content-ref.model';
import { EncodedDocument } from '@folio/kernel/document/stored-document';
import { TreeEditor } from '@folio/kernel/tree/content-trees';
import { PageMeta, PageNode } from '@folio/kernel/tree/tree.model';
import { PlannedPage } from './import-plan';

/** The page fields a folder sets, through insertPage and updatePage (`null` clears one). */
const EDITED = ['emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition', 'linkTitle', 'layout', 'cover', 'metaLinks', 'variables', 'git'] as const;

/** A page as the folder has it: its place and name (planned), fields, document and a link page's target. */
export interface WantedPage extends PlannedPage {
  fields: Partial<PageMeta>;
  document: EncodedDocument | null;
  targetRef?: ContentRef;
}

export interface PagesApplied {
  created: string[];
  updated: string[];
  deleted: string[];
}

/**
 * Makes the editor's pages the folder's: `prepare` deletes the pages the folder does not have, then `apply`
 * inserts or updates each of the others into its place, in depth-first order so a parent is always there before
 * its subpages (the caller may commit the editor between two pages, to write what is staged). A page the folder
 * leaves as it is writes nothing (the editor skips an update that changes nothing), so importing an export again
 * changes no page.
 */
export class FolderPagesApplier {
  readonly applied: PagesApplied = { created: [], updated: [], deleted: [] };
  private before = new Map<string, PageNode>();

  constructor(
    private readonly editor: TreeEditor,
    private readonly now: string,
  ) {}

  /** `kept`: the ids of the pages the folder keeps. */
  async prepare(kept: ReadonlySet<string>): Promise<void> {
    const { editor, now } = this;
    this.before = new Map((await editor.pages()).map((node) => [node.id, node]));
    // Pages kept under a page that goes move out first (to the root, then to their place), so deleting it keeps them.
    for (const node of this.before.values()) {
      if (kept.has(node.id) && node.parent !== null && !kept.has(node.parent)) await editor.updatePage(node.id, { into: null, now });
    }
    for (const node of this.before.values()) {
      const topmost = node.parent === null || kept.has(node.parent);
      if (!kept.has(node.id) && topmost) this.applied.deleted.push(...(await editor.deletePage(node.id)));
    }
  }

  async apply(page: WantedPage): Promise<void> {
    const { editor, now } = this;
    const before = this.before.get(page.id);
    if (!page.exists || !before) {
      const meta = { title: page.title, slug: page.slug, ...edited(page.fields, false) };
      const node = await editor.insertPage({ id: page.id, into: page.parent, at: page.index, type: page.type, meta, document: page.document, now });
      await withTarget(editor, node, page.targetRef, now);
      this.applied.created.push(page.id);
      return;
    }
    // A page read back as it was keeps the blob it was read from: a file written in another form (an export of
    // it) with the same content is not a change of the page.
    const git = before.git !== undefined && before.git.path === page.fields.git?.path ? before.git : page.fields.git;
    const meta = { title: page.title, slug: page.slug, ...edited({ ...page.fields, git }, true) };
    let node = await editor.updatePage(page.id, { meta, document: page.document, into: page.parent, at: page.index, now });
    node = await withTarget(editor, node, page.targetRef, now);
    if (sameNode(node, before)) return;
    if (git !== page.fields.git) await editor.updatePage(page.id, { meta: { git: page.fields.git }, now });
    this.applied.updated.push(page.id);
  }
}

function edited(fields: Partial<PageMeta>, exists: boolean): Partial<PageMeta> {
  const meta: Record<string, unknown> = {};
  for (const key of EDITED) {
    if (fields[key] !== undefined) meta[key] = fields[key];
    else if (exists) meta[key] = null; // the folder is the truth: a field it no longer has goes
  }
  return meta;
}

/** A link page's target, which the editor's insert and update do not take: set on the node as it is, when it differs. */
async function withTarget(editor: TreeEditor, node: PageNode, target: ContentRef | undefined, now: string): Promise<PageNode> {
  if (node.type !== 'link' || canonicalJson(node.target ?? null).equals(canonicalJson(target ?? null))) return node;
  const { children: _derived, target: _old, ...rest } = node;
  await editor.setPage(node.id, { ...rest, ...(target ? { target } : {}), updatedAt: now });
  return (await editor.page(node.id))!;
}

/** Equal but for `children` (derived) and `updatedAt`. */
function sameNode(a: Omit<PageNode, 'children'>, b: Omit<PageNode, 'children'>): boolean {
  const strip = ({ updatedAt: _u, ...node }: Omit<PageNode, 'children'> & { children?: unknown }) => ({ ...node, children: undefined });
  return canonicalJson(strip(a)).equals(canonicalJson(strip(b)));
}

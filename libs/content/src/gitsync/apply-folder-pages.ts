import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { ContentRef } from '@folio/kernel/document/content-ref.model';
import { EncodedDocument } from '@folio/kernel/document/stored-document';
import { TreeEditor } from '@folio/kernel/tree/content-trees';
import { PageMeta, PageNode } from '@folio/kernel/tree/tree.model';
import { PlannedPage } from './import-plan';

/** The page fields insertPage and updatePage set (`null` clears one). */
const EDITED = ['emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition'] as const;
/** The fields a folder carries besides: set on the node as it is, whatever the editor's update takes. */
const CARRIED = ['linkTitle', 'layout', 'cover', 'metaLinks', 'variables', 'git', 'target'] as const;

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
 * Makes the editor's pages the folder's: pages it does not have are deleted, the others are inserted or
 * updated into their place, in depth-first order so a parent is always there before its subpages. A page the
 * folder leaves as it is writes nothing (the editor skips an update that changes nothing), so importing an
 * export again changes no page.
 */
export async function applyFolderPages(editor: TreeEditor, wanted: readonly WantedPage[], now: string): Promise<PagesApplied> {
  const applied: PagesApplied = { created: [], updated: [], deleted: [] };
  const kept = new Set(wanted.filter((page) => page.exists).map((page) => page.id));
  const before = new Map((await editor.pages()).map((node) => [node.id, node]));
  // Pages kept under a page that goes move out first (to the root, then to their place), so deleting it keeps them.
  for (const node of before.values()) {
    if (kept.has(node.id) && node.parent !== null && !kept.has(node.parent)) await editor.updatePage(node.id, { into: null, now });
  }
  for (const node of before.values()) {
    const topmost = node.parent === null || kept.has(node.parent);
    if (!kept.has(node.id) && topmost) applied.deleted.push(...(await editor.deletePage(node.id)));
  }
  for (const page of wanted) {
    const meta = { title: page.title, slug: page.slug, ...edited(page.fields, page.exists) };
    const node = page.exists
      ? await editor.updatePage(page.id, { meta, document: page.document, into: page.parent, at: page.index, now })
      : await editor.insertPage({ id: page.id, into: page.parent, at: page.index, type: page.type, meta, document: page.document, now });
    const { children: _derived, ...placed } = await carried(editor, node, page, now);
    if (!page.exists) applied.created.push(page.id);
    else if (!sameNode(placed, before.get(page.id)!)) applied.updated.push(page.id);
  }
  return applied;
}

function edited(fields: Partial<PageMeta>, exists: boolean): Partial<PageMeta> {
  const meta: Record<string, unknown> = {};
  for (const key of EDITED) {
    if (fields[key] !== undefined) meta[key] = fields[key];
    else if (exists) meta[key] = null; // the folder is the truth: a field it no longer has goes
  }
  return meta;
}

/** Sets the carried fields on the node when they differ from the folder's. */
async function carried(editor: TreeEditor, node: PageNode, page: WantedPage, now: string): Promise<PageNode> {
  const next: Record<string, unknown> = { ...node };
  const wanted: Record<string, unknown> = { ...page.fields, ...(page.targetRef ? { target: page.targetRef } : {}) };
  for (const key of CARRIED) {
    if (wanted[key] === undefined) delete next[key];
    else next[key] = wanted[key];
  }
  if (sameNode(next as unknown as PageNode, node)) return node;
  const { children: _derived, ...rest } = next as unknown as PageNode;
  await editor.setPage(node.id, { ...rest, updatedAt: now });
  return (await editor.page(node.id))!;
}

/** Equal but for `children` (derived) and `updatedAt`. */
function sameNode(a: Omit<PageNode, 'children'>, b: Omit<PageNode, 'children'>): boolean {
  const strip = ({ updatedAt: _u, ...node }: Omit<PageNode, 'children'> & { children?: unknown }) => ({ ...node, children: undefined });
  return canonicalJson(strip(a)).equals(canonicalJson(strip(b)));
}

import { diffTrees, TreeEditor } from '../tree/content-trees';
import { FileEntry } from '../tree/tree.model';
import { MergeConflict, PageConflict } from './merge-conflicts';
import { mergeFiles } from './merge-files';
import { BareNode, bare, byId, describePage, MergedPage, mergePage, placeOf, Sides } from './merge-pages';
import { MergedReusableContent, mergeReusableContents } from './merge-reusable-contents';
import { mergeVariables } from './merge-variables';
import { mergeFolderRedirects } from './merge-folder-redirects';
import { settleSlugs } from './sibling-slugs';
import { same } from './three-way';

/**
 * Three-way merge of two revisions' trees. Only what differs from the base on either side is read (the diffs
 * skip equal subtries): a page or file changed on one side takes that side, changed on both merges field by
 * field (mergePage, mergeFiles). Then the merged tree's shape is checked where the sides met: no page under
 * a page the other side deleted, no cycle made of two moves; pages both sides gave one slug under one parent
 * are both kept, the change request's with the next free slug.
 *
 * `into` edits the tree of the side being written (main's for a merge, the change request's head for an
 * update): the merge writes whatever that tree lacks, so the answer is the same whichever side it is. With
 * conflicts nothing at all is written and each is reported; the caller commits `into` only without.
 * Reusable contents merge by id as pages do (mergeReusableContents), the revision's variables name by name
 * (mergeVariables), the `.gitbook.yaml` redirects source by source (mergeFolderRedirects).
 */
export async function mergeTrees(sides: Sides, into: TreeEditor, now: string): Promise<{ conflicts: MergeConflict[] }> {
  const [toMain, toRequest] = await Promise.all([diffTrees(sides.base, sides.main), diffTrees(sides.base, sides.changeRequest)]);
  const [mainPages, requestPages] = [byId(toMain.pages), byId(toRequest.pages)];
  const merged = new Map<string, MergedPage>();
  const conflicts: MergeConflict[] = [];
  for (const id of new Set([...mainPages.keys(), ...requestPages.keys()])) {
    const outcome = await mergePage(sides, mainPages.get(id), requestPages.get(id), now);
    if (outcome.conflicts) conflicts.push(...outcome.conflicts);
    else merged.set(id, outcome.page);
  }
  conflicts.push(...(await shapeConflicts(sides, into, merged)));
  const files = mergeFiles(toMain.files, toRequest.files);
  conflicts.push(...files.conflicts);
  const reusables = await mergeReusableContents(sides, toMain.reusableContents, toRequest.reusableContents, now);
  conflicts.push(...reusables.conflicts);
  const [baseVariables, mainVariables, requestVariables] = await Promise.all([sides.base, sides.main, sides.changeRequest].map((tree) => tree.variables()));
  const variables = mergeVariables(baseVariables, mainVariables, requestVariables);
  conflicts.push(...variables.conflicts);
  const [baseRedirects, mainRedirects, requestRedirects] = await Promise.all([sides.base, sides.main, sides.changeRequest].map((tree) => tree.folderRedirects()));
  const redirects = mergeFolderRedirects(baseRedirects, mainRedirects, requestRedirects);
  conflicts.push(...redirects.conflicts);
  if (conflicts.length > 0) return { conflicts };

  await settleSlugs(into, merged);
  await write(into, merged, files.files, now);
  await writeReusableContents(into, reusables.merged, now);
  if (!same(await into.variables(), variables.variables)) await into.setVariables(variables.variables);
  if (!same(await into.folderRedirects(), redirects.redirects)) await into.setFolderRedirects(redirects.redirects);
  return { conflicts: [] };
}

/** Pages placed under a page that is gone, and moves that close a cycle, in the merged tree. */
async function shapeConflicts(sides: Sides, into: TreeEditor, merged: Map<string, MergedPage>): Promise<PageConflict[]> {
  // The merged tree: merged pages as merged, the others as both sides and `into` have them.
  const final = async (id: string): Promise<BareNode | null> => (merged.has(id) ? merged.get(id)!.node : bare(await into.page(id)));
  const conflicts: PageConflict[] = [];
  for (const [id, { node, versions }] of merged) {
    if (!node || node.parent === null) continue;
    const places = { base: versions.base && placeOf(versions.base), main: versions.main && placeOf(versions.main),
                     changeRequest: versions.changeRequest && placeOf(versions.changeRequest) };
    if ((await final(node.parent)) === null) {
      conflicts.push({ page: await describePage(sides, id), kind: 'parent-deleted', ...places });
      continue;
    }
    if (versions.base && same(placeOf(node), places.base)) continue;
    // Moved: walk up the merged tree; meeting the page again means it would be its own ancestor.
    const seen = new Set<string>();
    for (let parent: string | null = node.parent; parent !== null && !seen.has(parent); parent = (await final(parent))?.parent ?? null) {
      if (parent === id) {
        conflicts.push({ page: await describePage(sides, id), kind: 'cycle', ...places });
        break;
      }
      seen.add(parent);
    }
  }
  return conflicts;
}

/** Whatever `into` does not have yet of the merged pages, documents and files. */
async function write(into: TreeEditor, merged: Map<string, MergedPage>, files: Map<string, FileEntry | null>, now: string): Promise<void> {
  for (const [id, page] of merged) {
    if (!same(bare(await into.page(id)), page.node)) await into.setPage(id, page.node);
    if (page.document) await into.updatePage(id, { document: page.document, now });
  }
  for (const [id, entry] of files) {
    if (!same(await into.file(id), entry)) await into.setFile(id, entry);
  }
}

/**
 * Whatever `into` does not have yet of the merged reusable contents and their documents. A merged document is
 * staged by a put, then the entry set as merged (its times the merge's, whichever side `into` is).
 */
async function writeReusableContents(into: TreeEditor, merged: Map<string, MergedReusableContent>, now: string): Promise<void> {
  for (const [id, { entry, document }] of merged) {
    const stored = entry && document ? { ...entry, document: (await into.putReusableContent({ id, title: entry.title, document, now })).document } : entry;
    if (!same(await into.reusableContent(id), stored)) await into.setReusableContent(id, stored);
  }
}

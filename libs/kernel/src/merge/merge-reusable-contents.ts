import { PageDocument } from '../document/document.model';
import { Change, TreeSnapshot } from '../tree/content-trees';
import { ReusableContentEntry } from '../tree/tree.model';
import { ReusableContentConflict } from './merge-conflicts';
import { mergeFields, mergeOwnedDocument } from './merge-fields';
import { byId, Sides } from './merge-pages';
import { same } from './three-way';

/** One reusable content's merged outcome: its entry (null: deleted), and a document merged from both sides to store. */
export interface MergedReusableContent {
  entry: ReusableContentEntry | null;
  document?: PageDocument;
}

/** Merged on their own (the document) or not a change of their own (the time it was last written). */
const SEPARATE = new Set(['document', 'updatedAt']);

/**
 * Reusable contents merged by id as pages are: changed on one side, that side's entry; changed on both, each
 * field (title, git blob) three ways and the document by `mergeDocuments` (block by block, the conflicts met
 * before taken as resolved as for pages); a field set differently, overlapping block changes, a delete against
 * a change, are conflicts.
 */
export async function mergeReusableContents(
  sides: Sides,
  toMain: readonly Change<ReusableContentEntry>[],
  toRequest: readonly Change<ReusableContentEntry>[],
  now: string,
): Promise<{ merged: Map<string, MergedReusableContent>; conflicts: ReusableContentConflict[] }> {
  const [mainChanges, requestChanges] = [byId(toMain), byId(toRequest)];
  const merged = new Map<string, MergedReusableContent>();
  const conflicts: ReusableContentConflict[] = [];
  for (const id of new Set([...mainChanges.keys(), ...requestChanges.keys()])) {
    const [m, c] = [mainChanges.get(id), requestChanges.get(id)];
    const base = (m ?? c)!.before;
    const [main, changeRequest] = [m ? m.after : base, c ? c.after : base];
    const [b, mo, co] = [own(base), own(main), own(changeRequest)];
    const reusableContent = { id, title: (changeRequest ?? main ?? base)!.title };
    if (same(mo, co) || same(b, co)) merged.set(id, { entry: main });
    else if (same(b, mo)) merged.set(id, { entry: changeRequest });
    else if (!main || !changeRequest) conflicts.push({ reusableContent, kind: 'deleted', base, main, changeRequest });
    else {
      const outcome = await mergeBoth(sides, base, main, changeRequest, now);
      if (outcome.conflicts) conflicts.push(...outcome.conflicts.map((conflict) => ({ reusableContent, ...conflict })));
      else merged.set(id, outcome.merged);
    }
  }
  return { merged, conflicts };
}

type Outcome = { merged: MergedReusableContent; conflicts?: never } | { conflicts: Omit<ReusableContentConflict, 'reusableContent'>[]; merged?: never };

async function mergeBoth(sides: Sides, base: ReusableContentEntry | null, main: ReusableContentEntry, changeRequest: ReusableContentEntry, now: string): Promise<Outcome> {
  const fields = mergeFields(base, main, changeRequest, SEPARATE);
  const conflicts: Omit<ReusableContentConflict, 'reusableContent'>[] = [...fields.conflicts];
  const document = await mergeOwnedDocument(sides, { base, main, changeRequest }, documentIn);
  if (document.blocks) conflicts.push({ kind: 'document', blocks: document.blocks });
  if (conflicts.length > 0 || document.blocks) return { conflicts };
  const entry = { ...fields.merged, document: document.hash, updatedAt: now } as unknown as ReusableContentEntry;
  return { merged: { entry, document: document.document } };
}

async function documentIn(tree: TreeSnapshot, id: string): Promise<PageDocument | null> {
  const entry = await tree.reusableContent(id);
  return entry && tree.document(entry);
}

/** What a side may have changed of the entry: not the time it was last written. */
function own(entry: ReusableContentEntry | null): Omit<ReusableContentEntry, 'updatedAt'> | null {
  if (!entry) return null;
  const { updatedAt: _updatedAt, ...rest } = entry;
  return rest;
}

import { PageDocument } from '../document/document.model';
import { DocumentOwner, TreeSnapshot } from '../tree/content-trees';
import { BlockConflict } from './merge-conflicts';
import { mergeDocuments } from './merge-documents';
import type { Sides } from './merge-pages';
import { CONFLICT, mergeValue } from './three-way';

export interface FieldConflict {
  kind: 'field';
  field: string;
  base: unknown;
  main: unknown;
  changeRequest: unknown;
}

type Fields = Record<string, unknown>;

/**
 * The fields of an object both sides changed (a page, a reusable content), each merged three ways as a whole,
 * except those in `separate` (merged apart, or not a change of their own). A field both set differently is a
 * conflict.
 */
export function mergeFields(base: object | null, main: object, changeRequest: object, separate: ReadonlySet<string>): { merged: Fields; conflicts: FieldConflict[] } {
  const merged: Fields = {};
  const conflicts: FieldConflict[] = [];
  const sides = [base, main, changeRequest] as (Fields | null)[];
  const fields = new Set(sides.flatMap((side) => Object.keys(side ?? {})).filter((field) => !separate.has(field)));
  for (const field of fields) {
    const values = sides.map((side) => side?.[field]);
    const value = mergeValue(values[0], values[1], values[2]);
    if (value === CONFLICT) conflicts.push({ kind: 'field', field, base: values[0] ?? null, main: values[1] ?? null, changeRequest: values[2] ?? null });
    else if (value !== undefined) merged[field] = value;
  }
  return { merged, conflicts };
}

const EMPTY_DOCUMENT: PageDocument = { object: 'document', data: {}, nodes: [] };

/**
 * The document of something both sides changed: the side that changed its hash, or, changed on both, a
 * `mergeDocuments` of the three versions (with the versions met in earlier conflicts, read by `documentIn`).
 * A merged document comes with main's hash, standing in until the writer stores the document.
 */
export async function mergeOwnedDocument(
  sides: Sides,
  owners: { base: DocumentOwner | null; main: DocumentOwner; changeRequest: DocumentOwner },
  documentIn: (tree: TreeSnapshot, id: string) => Promise<PageDocument | null>,
): Promise<{ hash: string | null; document?: PageDocument; blocks?: never } | { blocks: BlockConflict[] }> {
  const { base, main, changeRequest } = owners;
  const hash = mergeValue(base?.document ?? null, main.document, changeRequest.document);
  if (hash !== CONFLICT) return { hash };
  const [db, dm, dc] = await Promise.all([base && sides.base.document(base), sides.main.document(main), sides.changeRequest.document(changeRequest)]);
  const met = await Promise.all(
    (sides.met ?? []).map(async (trees) => ({ main: await documentIn(trees.main, main.id), changeRequest: await documentIn(trees.changeRequest, main.id) })),
  );
  const result = mergeDocuments(db ?? EMPTY_DOCUMENT, dm ?? EMPTY_DOCUMENT, dc ?? EMPTY_DOCUMENT, met);
  if (result.conflicts) return { blocks: result.conflicts };
  return { hash: main.document, document: result.document };
}

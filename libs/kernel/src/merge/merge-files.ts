import { FileEntry } from '../tree/tree.model';
import { FileConflict } from './merge-conflicts';
import { Change } from '../tree/content-trees';
import { byId } from './merge-pages';
import { CONFLICT, mergeValue, same } from './three-way';

/**
 * Files merged by id as pages are: changed on one side, that side's entry; on both, each field three ways;
 * a field both set differently, or a file deleted on one side and changed on the other, is a conflict.
 * Answers every changed file's merged entry (null: deleted).
 */
export function mergeFiles(toMain: readonly Change<FileEntry>[], toRequest: readonly Change<FileEntry>[]):
  { files: Map<string, FileEntry | null>; conflicts: FileConflict[] } {
  const [mainChanges, requestChanges] = [byId(toMain), byId(toRequest)];
  const files = new Map<string, FileEntry | null>();
  const conflicts: FileConflict[] = [];
  for (const id of new Set([...mainChanges.keys(), ...requestChanges.keys()])) {
    const [m, c] = [mainChanges.get(id), requestChanges.get(id)];
    const base = (m ?? c)!.before;
    const [main, changeRequest] = [m ? m.after : base, c ? c.after : base];
    const file = { id, name: (changeRequest ?? main ?? base)!.name };
    if (same(main, changeRequest) || same(base, changeRequest)) files.set(id, main);
    else if (same(base, main)) files.set(id, changeRequest);
    else if (!main || !changeRequest) conflicts.push({ file, kind: 'deleted', base, main, changeRequest });
    else {
      const merged: Record<string, unknown> = {};
      for (const field of new Set([...Object.keys(base ?? {}), ...Object.keys(main), ...Object.keys(changeRequest)]) as Set<keyof FileEntry>) {
        const value = mergeValue(base?.[field], main[field], changeRequest[field]);
        if (value === CONFLICT) conflicts.push({ file, kind: 'field', field, base: base?.[field] ?? null, main: main[field] ?? null, changeRequest: changeRequest[field] ?? null });
        else if (value !== undefined) merged[field] = value;
      }
      files.set(id, merged as unknown as FileEntry);
    }
  }
  return { files, conflicts };
}

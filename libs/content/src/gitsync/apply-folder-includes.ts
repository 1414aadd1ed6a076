import { decodeDocument, EncodedDocument } from '@folio/kernel/document/stored-document';
import { TreeEditor } from '@folio/kernel/tree/content-trees';
import { GitSyncBlob, Variables } from '@folio/kernel/tree/tree.model';

/** A reusable content as the folder has it (`.gitbook/includes/x.md`). */
export interface WantedInclude {
  id: string;
  title: string;
  document: EncodedDocument | null;
  git: GitSyncBlob;
}

/**
 * Makes the editor's reusable contents and variables the folder's: contents absent from it are deleted, the
 * others put (the editor leaves an unchanged one as it was). Answers how many contents changed.
 */
export async function applyFolderIncludes(editor: TreeEditor, wanted: readonly WantedInclude[], variables: Variables, now: string): Promise<number> {
  const ids = new Set(wanted.map((include) => include.id));
  let changed = 0;
  for (const entry of await editor.reusableContents()) {
    if (ids.has(entry.id)) continue;
    await editor.deleteReusableContent(entry.id);
    changed++;
  }
  for (const include of wanted) {
    const before = await editor.reusableContent(include.id);
    const document = include.document && decodeDocument(include.document.bytes);
    const after = await editor.putReusableContent({ id: include.id, title: include.title, document, git: include.git, now });
    if (before?.updatedAt !== after.updatedAt || before.document !== after.document) changed++;
  }
  await editor.setVariables(variables);
  return changed;
}

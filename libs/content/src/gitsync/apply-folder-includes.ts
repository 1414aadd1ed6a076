import { canonicalJson } from '@folio/platform/object-store/canonical-json';
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
 * others put (the editor leaves an unchanged one as it was).
 */
export async function applyFolderIncludes(editor: TreeEditor, wanted: readonly WantedInclude[], variables: Variables, now: string): Promise<void> {
  const ids = new Set(wanted.map((include) => include.id));
  for (const entry of await editor.reusableContents()) if (!ids.has(entry.id)) await editor.deleteReusableContent(entry.id);
  for (const include of wanted) {
    const before = await editor.reusableContent(include.id);
    const document = include.document && decodeDocument(include.document.bytes);
    // Read back as it was, it keeps the blob it was read from (see FolderPagesApplier.apply).
    const kept = before?.git?.path === include.git.path ? before.git : include.git;
    const after = await editor.putReusableContent({ id: include.id, title: include.title, document, git: kept, now });
    const unchanged = before !== null && canonicalJson(after).equals(canonicalJson(before));
    if (!unchanged && kept !== include.git) await editor.putReusableContent({ id: include.id, title: include.title, document, git: include.git, now });
  }
  await editor.setVariables(variables);
}

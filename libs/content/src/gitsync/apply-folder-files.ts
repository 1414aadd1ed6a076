import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { gitBlobOid } from '@folio/kernel/gitsync/git-blob';
import { TreeEditor } from '@folio/kernel/tree/content-trees';
import { FileEntry } from '@folio/kernel/tree/tree.model';
import { imageDimensions } from '../files/image-dimensions';
import { mediaTypeOfPath } from './file-media-type';

/** A folder file to be in the tree: its id (kept when its path was already there), path and bytes. */
export interface WantedFile {
  id: string;
  path: string;
  /** Read when its turn comes: one file's bytes held at a time, beyond those the editor stages. */
  read(): Promise<Buffer>;
}

/**
 * Makes the editor's files the folder's: files absent from it are removed, a file whose bytes, name and path
 * are the same is left alone, any other is stored (its git blob recorded, so its path survives an export).
 * Answers the ids of the files added or changed.
 */
export async function applyFolderFiles(editor: TreeEditor, wanted: readonly WantedFile[], now: string): Promise<string[]> {
  const ids = new Set(wanted.map((file) => file.id));
  for (const entry of await editor.files()) if (!ids.has(entry.id)) await editor.setFile(entry.id, null);
  const touched: string[] = [];
  for (const file of wanted) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const bytes = await file.read();
    const git = { oid: gitBlobOid(bytes), path: file.path };
    const current = await editor.file(file.id);
    if (current && current.object === contentHash(bytes) && current.name === name && sameGit(current, git)) continue;
    if (current) await editor.setFile(file.id, null);
    const contentType = mediaTypeOfPath(file.path);
    const dimensions = imageDimensions(contentType, bytes);
    await editor.addFile({ id: file.id, name, contentType, bytes, ...(dimensions ? { dimensions } : {}), git, now });
    touched.push(file.id);
  }
  return touched;
}

const sameGit = (entry: FileEntry, git: { oid: string; path: string }) => entry.git?.oid === git.oid && entry.git?.path === git.path;

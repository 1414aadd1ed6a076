import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { TreeEditor } from '@folio/kernel/tree/content-trees';
import { FileEntry } from '@folio/kernel/tree/tree.model';
import { imageDimensions } from '../files/image-dimensions';
import { mediaTypeOfPath } from './file-media-type';
import { FolderEntry } from './folder.port';
import { storeFolderFile } from './store-folder-file';

/** A folder file to be in the tree: its id (kept when its path was already there), path and entry. */
export interface WantedFile {
  id: string;
  path: string;
  entry: FolderEntry;
}

/**
 * Makes the editor's files the folder's: files absent from it are removed, a file whose bytes, name and path
 * are the same is left alone, any other is added (its git blob recorded, so its path survives an export).
 * Each file streams into the content-object store as it is read (a large one as chunks, see file-bytes.ts), so
 * neither a file nor the folder's files are ever whole in memory; `maxBytes` bounds one file (FILE_MAX_MB).
 * Answers the ids of the files added or changed.
 */
export async function applyFolderFiles(editor: TreeEditor, objects: ContentObjectStore, wanted: readonly WantedFile[], now: string, maxBytes: number): Promise<string[]> {
  const ids = new Set(wanted.map((file) => file.id));
  for (const entry of await editor.files()) if (!ids.has(entry.id)) await editor.setFile(entry.id, null);
  const touched: string[] = [];
  for (const file of wanted) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const { stored, oid, head } = await storeFolderFile(objects, file.entry, maxBytes);
    const git = { oid, path: file.path };
    const current = await editor.file(file.id);
    if (current && current.object === stored.object && current.name === name && sameGit(current, git)) continue;
    if (current) await editor.setFile(file.id, null);
    const contentType = mediaTypeOfPath(file.path);
    const dimensions = imageDimensions(contentType, head);
    await editor.addFile({ id: file.id, name, contentType, stored, ...(dimensions ? { dimensions } : {}), git, now });
    touched.push(file.id);
  }
  return touched;
}

const sameGit = (entry: FileEntry, git: { oid: string; path: string }) => entry.git?.oid === git.oid && entry.git?.path === git.path;

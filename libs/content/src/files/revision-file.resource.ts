import { FileEntry, GitSyncBlob } from '@folio/kernel/tree/tree.model';

/** The client spec's RevisionFile. */
export interface RevisionFileResource {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
  git?: GitSyncBlob;
}

/** `downloadURL`: the URL FileLinks gives the file. `metadata: false` (the spec's query) leaves out the file's Git Sync blob. */
export function revisionFileResource(entry: FileEntry, downloadURL: string, { metadata = true } = {}): RevisionFileResource {
  return {
    id: entry.id,
    name: entry.name,
    contentType: entry.contentType,
    downloadURL,
    size: entry.size,
    ...(entry.dimensions ? { dimensions: { width: entry.dimensions.width, height: entry.dimensions.height } } : {}),
    ...(metadata && entry.git ? { git: { oid: entry.git.oid, path: entry.git.path } } : {}),
  };
}

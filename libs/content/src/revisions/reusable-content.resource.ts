import { ReusableContentEntry } from '@folio/kernel/tree/tree.model';
import { PageReadOptions } from './revision-page.resource';

/**
 * The spec's RevisionReusableContent: `document` is its document's id (its hash, as a page's `documentId`),
 * absent for an empty one; `git` (where it lives in a Git Sync folder) unless the read asked `metadata=false`.
 */
export function reusableContentResource(entry: ReusableContentEntry, options: PageReadOptions) {
  return {
    id: entry.id,
    title: entry.title,
    ...(entry.document ? { document: entry.document } : {}),
    ...(options.metadata && entry.git ? { git: { oid: entry.git.oid, path: entry.git.path } } : {}),
  };
}

export type ReusableContentResource = ReturnType<typeof reusableContentResource>;

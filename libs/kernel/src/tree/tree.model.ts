import { ContentRef } from '../document/document.model';

/**
 * The objects a revision's content is made of, all immutable and content-addressed (stored through
 * `ContentTrees`, named by the SHA-256 of their canonical JSON):
 *
 * - `TreeRoot`: the revision's content. Names the ordered root pages and the roots of two hashed maps.
 * - the page map (`index`): page id -> hash of its `PageNode`. A hashed trie split by the characters of the
 *   id, so changing one page rewrites its node, one bucket and the trie nodes above it, never the whole
 *   tree (as git rewrites only the trees on a changed file's path).
 * - `PageNode`: one page's metadata, its place (parent, fractional position, ordered children) and the hash
 *   of its `PageDocument`; an edit that leaves the document alone keeps its hash.
 * - the file map (`files`): file id -> `FileEntry` (name, media type, size, hash of the bytes).
 */

export const PAGE_TYPES = ['document', 'group', 'link'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** What `insert_page` / `update_page` may set (RevisionPageUpdate of the client's spec). */
export interface PageMeta {
  title: string;
  /** The page's segment of its path, unique among its siblings. */
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string;
}

export interface PageNode extends PageMeta {
  id: string;
  type: PageType;
  /** The parent page's id; null for a root page. */
  parent: string | null;
  /** Fractional key among its siblings (what merges compare; `children` is kept in its order). */
  position: string;
  /** Ids of the child pages in position order. */
  children: string[];
  /** Hash of the page's `PageDocument`; null for an empty page and for groups and links. */
  document: string | null;
  /** Link pages only. */
  target?: ContentRef;
  createdAt: string;
  updatedAt: string;
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Hash of the file's bytes in the content-object store. */
  object: string;
  dimensions?: { width: number; height: number };
  createdAt: string;
}

export interface TreeRoot {
  object: 'tree';
  /** Ids of the root pages, in position order. */
  pages: string[];
  /** Root of the page map (page id -> PageNode hash). */
  index: string;
  /** Root of the file map (file id -> FileEntry). */
  files: string;
}

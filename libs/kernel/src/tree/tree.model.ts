import { ContentRef, ImageRef } from '../document/document.model';

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
 * - the reusable-content map (`reusableContents`): id -> `ReusableContentEntry` (title, hash of its document).
 * - the revision's `variables`, held in the root itself (a few dozen short values).
 *
 * The last two are left out of the root while empty, so a tree that sets neither hashes as it did before
 * they existed and every stored tree reads as having none.
 */

export const PAGE_TYPES = ['document', 'group', 'link'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** A variable's value (the spec's VariableValue: a string of at most 256 characters, a number or a boolean). */
export type VariableValue = string | number | boolean;
/**
 * Variables by name (the spec's Variables). The names come from files and requests: look one up with
 * `Object.hasOwn`, never `in` or a bare index that would find Object.prototype's members.
 */
export type Variables = { [name: string]: VariableValue };

/** Where a page, file or reusable content lives in a Git Sync folder, and the blob it was read from (GitSyncBlob). */
export interface GitSyncBlob {
  oid: string;
  path: string;
}

/** What a page shows around its content (RevisionPageLayoutOptions); a field left out is the default. */
export interface PageLayout {
  width?: 'default' | 'wide';
  cover?: boolean;
  coverSize?: 'hero' | 'full' | 'background';
  coverMask?: 'none' | 'radial';
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
  tags?: boolean;
  actions?: boolean;
  anchors?: boolean;
}

/** A page's cover image (RevisionPageDocumentCover). */
export interface PageCover {
  ref?: ImageRef;
  refDark?: ImageRef;
  yPos: number;
  height?: number;
  textColor?: 'black' | 'white';
  textColorDark?: 'black' | 'white';
}

export type MetaLinkTarget = Extract<ContentRef, { kind: 'page' | 'url' }>;
/** A page's canonical and alternate links (RevisionPageMetaLinks). */
export interface PageMetaLinks {
  canonical?: MetaLinkTarget;
  alternates?: MetaLinkTarget[];
}

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
  /** The fields below come from a page's Markdown (front matter) and a Git Sync folder. */
  linkTitle?: string;
  layout?: PageLayout;
  cover?: PageCover;
  metaLinks?: PageMetaLinks;
  /** The page's own variables (`page.vars.*`, front matter `vars`). */
  variables?: Variables;
  git?: GitSyncBlob;
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
  /** Hash of the file's bytes in the content-object store (of its chunk manifest when `chunked`). */
  object: string;
  /**
   * The file was streamed in as chunk objects (it may be larger than one object holds): `object` names the
   * manifest listing them, and readers reassemble the bytes (content `files/file-bytes.ts`).
   */
  chunked?: true;
  dimensions?: { width: number; height: number };
  git?: GitSyncBlob;
  createdAt: string;
}

/** A file's bytes already in the content-object store, as a FileEntry names them. */
export type StoredFile = Pick<FileEntry, 'object' | 'size' | 'chunked'>;

/** A block of content pages include (RevisionReusableContent; `.gitbook/includes/*.md` in a Git Sync folder). */
export interface ReusableContentEntry {
  id: string;
  title: string;
  /** Hash of its `PageDocument`; null for an empty one. */
  document: string | null;
  git?: GitSyncBlob;
  createdAt: string;
  updatedAt: string;
}

/**
 * A redirect of the space's `.gitbook.yaml` (a Git Sync folder's): an old path within the space (`source`,
 * as the file wrote it) sent to a page file (`target`, as written, relative to the folder's root). `page` is
 * the page that file was when it was imported, so the redirect follows the page wherever it moves; absent
 * when the file was no page of the folder. Kept as the file had them, in its order: export writes them back.
 */
export interface FolderRedirect {
  source: string;
  target: string;
  page?: string;
}

/** The stored object a root's `redirects` names. */
export interface FolderRedirectsObject {
  object: 'folder-redirects';
  redirects: FolderRedirect[];
}

export interface TreeRoot {
  object: 'tree';
  /** Ids of the root pages, in position order. */
  pages: string[];
  /** Root of the page map (page id -> PageNode hash). */
  index: string;
  /** Root of the file map (file id -> FileEntry). */
  files: string;
  /** Root of the reusable-content map (id -> ReusableContentEntry); absent while there is none. */
  reusableContents?: string;
  /** The revision's variables (`space.vars.*`); absent while there is none. */
  variables?: Variables;
  /** Hash of its `.gitbook.yaml` redirects (a FolderRedirectsObject); absent while there is none. */
  redirects?: string;
}

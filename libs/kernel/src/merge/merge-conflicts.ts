/**
 * What a merge could not decide, for a human to settle: each side's version of what both changed. Blocks are
 * given as markdown (what a writer reads and edits), null where that side has no such block.
 */
export interface BlockConflict {
  /** The key of the top-level block both sides changed (a conflict inside a list or a code block names the list or the code block). */
  key: string;
  base: string | null;
  main: string | null;
  changeRequest: string | null;
}

export type PageConflictKind =
  /** Both sides set one of the page's fields (`field`) to different values. */
  | 'field'
  /** Both sides moved the page (its parent and place among its siblings) to different places. */
  | 'moved'
  /** Both sides changed the page's document where their changes overlap (`blocks`). */
  | 'document'
  /** One side deleted the page (perhaps with its parent), the other changed it. */
  | 'deleted'
  /** One side put the page under a page the other side deleted. */
  | 'parent-deleted'
  /** The two sides' moves together would put the page inside itself. */
  | 'cycle';

/**
 * A page the merge could not decide. `base`, `main` and `changeRequest` are the field's values on each side
 * (for `moved`, `parent-deleted` and `cycle` the page's place `{ parent, position }`; for `deleted` the page's
 * own fields, null on the side that deleted it); `document` conflicts list their blocks instead.
 */
export interface PageConflict {
  /** The page as the change request has it (else as main, else as the base has it). */
  page: { id: string; title: string; path: string };
  kind: PageConflictKind;
  field?: string;
  base?: unknown;
  main?: unknown;
  changeRequest?: unknown;
  blocks?: BlockConflict[];
}

/** A file both sides changed differently (`field`), or deleted on one side and changed on the other. */
export interface FileConflict {
  file: { id: string; name: string };
  kind: 'field' | 'deleted';
  field?: string;
  base: unknown;
  main: unknown;
  changeRequest: unknown;
}

/**
 * A reusable content the merge could not decide, as a page's: a field both sides set differently (`title`,
 * `git`), overlapping changes of its document (`blocks`), or a delete on one side against a change on the other.
 */
export interface ReusableContentConflict {
  /** As the change request has it (else main, else the base). */
  reusableContent: { id: string; title: string };
  kind: 'field' | 'document' | 'deleted';
  field?: string;
  base?: unknown;
  main?: unknown;
  changeRequest?: unknown;
  blocks?: BlockConflict[];
}

/** A variable of the revision both sides set to different values (null: that side has no such variable). */
export interface VariableConflict {
  variable: string;
  kind: 'variable';
  base: unknown;
  main: unknown;
  changeRequest: unknown;
}

/** A `.gitbook.yaml` redirect both sides changed differently (null: that side has no redirect from that source). */
export interface FolderRedirectConflict {
  source: string;
  kind: 'folder-redirect';
  base: unknown;
  main: unknown;
  changeRequest: unknown;
}

/** Whatever a merge of two trees could not decide. */
export type MergeConflict = PageConflict | FileConflict | ReusableContentConflict | VariableConflict | FolderRedirectConflict;

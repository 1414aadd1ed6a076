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

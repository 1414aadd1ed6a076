/** A sibling named in a move's `position`: a space or a collection. */
export type Pointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** Where a move puts an item among its new siblings: before one, after one, or between the two. */
export interface Placement {
  before?: Pointer;
  after?: Pointer;
}

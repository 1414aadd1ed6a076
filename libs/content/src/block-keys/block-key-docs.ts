import { MainPageIndex } from '../tree/main-page-index';
import { PageNode } from '@folio/kernel/tree/tree.model';

/** One small document per key of a block or inline in a page of main: what a key is found through. */
export const BLOCK_KEYS = 'blockKeys';
/** Per space, the tree BLOCK_KEYS holds the keys of (main's, once the projection caught up). */
export const BLOCK_KEY_SPACES = 'blockKeySpaces';

export interface BlockKeyDoc {
  /** `<space>:<page>:<key>`. */
  id: string;
  space: string;
  page: string;
  key: string;
  [field: string]: unknown;
}

/** A page's keys can change only with its document (a page without one has none). */
const keysMayDiffer = (before: PageNode | null, after: PageNode | null) => (before?.document ?? null) !== (after?.document ?? null);

/** The block keys of main's pages, as an index of main's tree. */
export const BLOCK_KEY_INDEX: MainPageIndex = { spaces: BLOCK_KEY_SPACES, mayDiffer: keysMayDiffer };

import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { TreeRoot } from './tree.model';

/**
 * The empty hashed map and the empty tree, whose hashes are known without the store: a new space's
 * first revision names EMPTY_TREE_HASH, and readers answer it (and the empty map) without a lookup, so
 * creating a space writes no object.
 */
export const EMPTY_MAP = { object: 'map', entries: {} } as const;
export const EMPTY_MAP_HASH = contentHash(canonicalJson(EMPTY_MAP));
export const EMPTY_TREE: TreeRoot = { object: 'tree', pages: [], index: EMPTY_MAP_HASH, files: EMPTY_MAP_HASH };
export const EMPTY_TREE_HASH = contentHash(canonicalJson(EMPTY_TREE));

import { CollectionSpec, Doc, Filter } from '../read-store/read-store.port';

/**
 * The search port: ranked full-text search over a read-model collection that declares a text index
 * (`CollectionSpec.textIndex`). The index is part of the collection: written in the projection's own
 * transaction with its checkpoint, rebuilt and swapped in with it by `projections rebuild`. Two adapters
 * implement it (SQLite FTS5 with bm25 in read.db, a MongoDB text index) and both pass
 * `test/contract/search.contract.ts`.
 */

/** The string fields a collection's text index searches, each with its weight: a hit in a heavier field ranks higher. */
export interface TextIndexSpec {
  fields: Record<string, number>;
}

/** A collection that declares a text index: what a search names (the SQLite adapter ranks with its weights). */
export type TextIndexedCollection = CollectionSpec & { textIndex: TextIndexSpec };

export interface SearchQuery {
  /**
   * What the user typed. Never read as a query language: it is cut into words (see `searchTerms`), every
   * word must match (all-words), the last one as a prefix; when no document has every word, any word will do.
   */
  text: string;
  /** Restricts the documents searched (the read store's filter language). */
  filter?: Filter;
  limit: number;
  /** How many ranked hits to skip (the pages before this one). */
  offset: number;
}

export interface SearchHit<T extends Doc = Doc> {
  doc: T;
  /** Relevance, higher is better, never negative; comparable only within one answer. */
  score: number;
}

export interface SearchResult<T extends Doc = Doc> {
  /** Best first. */
  hits: SearchHit<T>[];
  /** Whether ranked hits follow this page. */
  more: boolean;
  /** Which matching found the hits: every word, or (when that found nothing) any word. */
  matched: 'all' | 'any';
}

export interface SearchIndex {
  search<T extends Doc = Doc>(collection: TextIndexedCollection, query: SearchQuery): Promise<SearchResult<T>>;
  close(): Promise<void>;
}

export const SEARCH_INDEX = Symbol('SearchIndex');

import { Db, Document } from 'mongodb';
import { and, escapeRegex, fromMongoDoc, toMongoFilter } from '../../read-store/mongodb/mongo-filter';
import { Doc, Filter } from '../../read-store/read-store.port';
import { searchTerms } from '../search-terms';
import { SearchIndex, SearchQuery, SearchResult, TextIndexedCollection } from '../search.port';
import { FIELD_TERMS_FIELD, TERMS_FIELD } from './mongo-text-index';
import { STORE_CALL_MS, withinCallBound } from '../../store-deadline';

type Mode = 'all' | 'any';

/** What one search asks of MongoDB: Folio's words of the query, the last one perhaps a prefix. */
export interface SearchPlan {
  collection: TextIndexedCollection;
  /** Words matched whole. */
  whole: string[];
  /** The last word, matched as the start of a stored word, while it is being typed. */
  prefix: RegExp | null;
  filter?: Filter;
}

export function searchPlan(collection: TextIndexedCollection, text: string, filter?: Filter): SearchPlan | null {
  const { words, lastIsPrefix } = searchTerms(text);
  if (words.length === 0) return null;
  return {
    collection,
    whole: lastIsPrefix ? words.slice(0, -1) : words,
    prefix: lastIsPrefix ? new RegExp(`^${escapeRegex(words[words.length - 1])}`) : null,
    filter,
  };
}

/**
 * The aggregation of one search. It matches only on the folded words the read store stored with each
 * document (`_terms`, indexed), cut by Folio's own rule (`indexWords`), so MongoDB finds what SQLite finds:
 * `$text` cuts words its own way (`FOLIO_SECRET`, `5€`, `a🙂b` stay one word there) and is not used. Each
 * hit scores, per field, the field's weight for each query word among the field's stored words
 * (`_fieldTerms`), so a title hit ranks above a body hit; ties go by id, so pages never overlap.
 */
export function searchPipeline(plan: SearchPlan, mode: Mode, limit: number, offset: number): Document[] {
  const { collection, whole, prefix } = plan;
  const prefixTerm = prefix ? [{ [TERMS_FIELD]: prefix }] : [];
  const match =
    mode === 'all'
      ? and([toMongoFilter(plan.filter), ...whole.map((w) => ({ [TERMS_FIELD]: w })), ...prefixTerm])
      : and([toMongoFilter(plan.filter), { $or: [{ [TERMS_FIELD]: { $in: whole } }, ...prefixTerm] }]);
  const counted = (word: string) => ({
    $or: [{ $in: [word, whole] }, ...(prefix ? [{ $regexMatch: { input: word, regex: prefix } }] : [])],
  });
  const fieldScores = Object.values(collection.textIndex.fields).map((weight, i) => ({
    $multiply: [weight, { $size: { $filter: { input: { $ifNull: [{ $arrayElemAt: [`$${FIELD_TERMS_FIELD}`, i] }, []] }, as: 'w', cond: counted('$$w') } } }],
  }));
  return [
    { $match: match },
    { $addFields: { _score: { $add: [0, ...fieldScores] } } },
    { $sort: { _score: -1, _id: 1 } },
    { $skip: offset },
    { $limit: limit },
  ];
}

/** Search over the words the MongoDB read store keeps with each document of a text-indexed collection. */
export class MongoSearchIndex implements SearchIndex {
  constructor(private readonly db: Db) {}

  async search<T extends Doc>(collection: TextIndexedCollection, query: SearchQuery): Promise<SearchResult<T>> {
    const plan = searchPlan(collection, query.text, query.filter);
    if (!plan) return { hits: [], more: false, matched: 'all' };
    const run = (mode: Mode, limit: number, offset: number) =>
      withinCallBound('MongoDB', 'search', this.db.collection(collection.name).aggregate(searchPipeline(plan, mode, limit, offset), { maxTimeMS: STORE_CALL_MS }).toArray());

    let matched: Mode = 'all';
    let rows = await run('all', query.limit + 1, query.offset);
    // Past the last page of an all-words answer is still that answer: look for any all-words hit first.
    if (rows.length === 0 && (query.offset === 0 || (await run('all', 1, 0)).length === 0)) {
      matched = 'any';
      rows = plan.whole.length + (plan.prefix ? 1 : 0) > 1 ? await run('any', query.limit + 1, query.offset) : [];
    }
    const hits = rows.slice(0, query.limit).map(({ _score, ...stored }) => ({ doc: fromMongoDoc<T>(stored), score: Math.max(0, _score as number) }));
    return { hits, more: rows.length > query.limit, matched };
  }

  /** The database's client belongs to the read store, which closes it. */
  async close(): Promise<void> {}
}

import { Db, Document } from 'mongodb';
import { and, escapeRegex, fromMongoDoc, toMongoFilter } from '../../read-store/mongodb/mongo-filter';
import { Doc } from '../../read-store/read-store.port';
import { searchTerms } from '../search-terms';
import { SearchIndex, SearchQuery, SearchResult, TextIndexedCollection } from '../search.port';
import { FIELD_TERMS_FIELD, TERMS_FIELD } from './mongo-text-index';

type Mode = 'all' | 'any';

/**
 * Search over a MongoDB text index. Whole words go to `$text` (each one a plain term: nothing the user
 * types is read as `$text` syntax), which ranks them with the index's field weights; all-words matching and
 * the last word's prefix use the stored folded words (`_terms`, an anchored regular expression on its
 * index), since a text index matches whole words only. What `$text` cannot score (the prefix, and any word
 * in the any-word fallback, where `$text` would drop documents that match only the prefix) scores each
 * field's weight per matching word, so a title hit still ranks above a body hit.
 */
export class MongoSearchIndex implements SearchIndex {
  constructor(private readonly db: Db) {}

  async search<T extends Doc>(collection: TextIndexedCollection, query: SearchQuery): Promise<SearchResult<T>> {
    const { words, lastIsPrefix } = searchTerms(query.text);
    if (words.length === 0) return { hits: [], more: false, matched: 'all' };
    const whole = lastIsPrefix ? words.slice(0, -1) : words;
    const prefix = lastIsPrefix ? new RegExp(`^${escapeRegex(words[words.length - 1])}`) : null;
    const plan = { collection, whole, prefix, base: toMongoFilter(query.filter) };

    let matched: Mode = 'all';
    let rows = await this.run(plan, 'all', query.limit + 1, query.offset);
    if (rows.length === 0 && (query.offset === 0 || (await this.run(plan, 'all', 1, 0)).length === 0)) {
      matched = 'any';
      rows = words.length > 1 ? await this.run(plan, 'any', query.limit + 1, query.offset) : [];
    }
    const hits = rows.slice(0, query.limit).map(({ _score, ...stored }) => ({ doc: fromMongoDoc<T>(stored), score: Math.max(0, _score as number) }));
    return { hits, more: rows.length > query.limit, matched };
  }

  /** The database's client belongs to the read store, which closes it. */
  async close(): Promise<void> {}

  private run(
    plan: { collection: TextIndexedCollection; whole: string[]; prefix: RegExp | null; base: Document },
    mode: Mode,
    limit: number,
    offset: number,
  ): Promise<Document[]> {
    const { collection, whole, prefix, base } = plan;
    const weights = Object.values(collection.textIndex.fields);
    const prefixTerm = prefix ? { [TERMS_FIELD]: prefix } : {};
    // $text must lead the first stage; in the any-word fallback it would drop prefix-only documents.
    const useText = mode === 'all' && whole.length > 0;
    const match =
      mode === 'all'
        ? { ...and([base, ...whole.map((w) => ({ [TERMS_FIELD]: w })), prefixTerm]), ...(useText ? { $text: { $search: whole.join(' ') } } : {}) }
        : and([base, { $or: [{ [TERMS_FIELD]: { $in: whole } }, ...(prefix ? [prefixTerm] : [])] }]);
    // Per field: its weight for every stored word this stage scores (the prefix; in the fallback, every word too).
    const counted = (word: string) => ({
      $or: [...(mode === 'any' ? [{ $in: [word, whole] }] : []), ...(prefix ? [{ $regexMatch: { input: word, regex: prefix } }] : []), false],
    });
    const fieldScores = weights.map((weight, i) => ({
      $multiply: [weight, { $size: { $filter: { input: { $ifNull: [{ $arrayElemAt: [`$${FIELD_TERMS_FIELD}`, i] }, []] }, as: 'w', cond: counted('$$w') } } }],
    }));
    return this.db
      .collection(collection.name)
      .aggregate([
        { $match: match },
        { $addFields: { _score: { $add: [useText ? { $meta: 'textScore' } : 0, ...fieldScores] } } },
        { $sort: { _score: -1, _id: 1 } },
        { $skip: offset },
        { $limit: limit },
      ])
      .toArray();
  }
}

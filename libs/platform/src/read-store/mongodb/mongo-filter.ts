import { Decimal128, Document } from 'mongodb';
import { FIELD_TERMS_FIELD, TERMS_FIELD } from '../../search/mongodb/mongo-text-index';
import { Condition, CursorKey, Doc, Filter, FindQuery, Scalar, Sort } from '../read-store.port';

/**
 * The position of the batch that last wrote a document. Stored as a decimal string (positions may
 * exceed 2^53) and compared as Decimal128 on the server, never as a JS number nor as a string.
 */
export const POSITION_FIELD = '_pos';

const DEFAULT_SORT: Sort = { field: 'id', direction: 'asc' };

const PASS_THROUGH = new Set(['$eq', '$ne', '$in', '$exists', '$gt', '$gte', '$lt', '$lte']);

/** Documents keep their id in `_id`, Mongo's primary key, so id lookups and the tie-break use its index. */
export function mongoField(field: string): string {
  return field === 'id' ? '_id' : field;
}

/** Makes `text` match literally inside a regular expression. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isOperator(cond: Condition): cond is Exclude<Condition, Scalar> {
  return cond !== null && typeof cond === 'object';
}

/** `undefined` when the condition constrains nothing (an empty operator object), as in the SQLite adapter. */
function toMongoCondition(cond: Condition): unknown {
  // A bare scalar is Mongo equality too, where null also matches a missing field, as the port wants.
  if (!isOperator(cond)) return cond;
  const ops: Document = {};
  for (const [op, value] of Object.entries(cond)) {
    if (value === undefined) continue;
    if (op === '$contains') ops.$regex = escapeRegex(value as string);
    else if (PASS_THROUGH.has(op)) ops[op] = value;
    else throw new Error(`unsupported filter operator ${op}`);
  }
  return Object.keys(ops).length ? ops : undefined;
}

export function toMongoFilter(filter: Filter = {}): Document {
  const out: Document = {};
  for (const [field, cond] of Object.entries(filter)) {
    const translated = toMongoCondition(cond);
    if (translated !== undefined) out[mongoField(field)] = translated;
  }
  return out;
}

/** The conjunction of `parts`, leaving out empty ones so simple queries stay simple. */
export function and(parts: Document[]): Document {
  const present = parts.filter((part) => Object.keys(part).length > 0);
  if (present.length === 0) return {};
  return present.length === 1 ? present[0] : { $and: present };
}

export interface MongoFind {
  filter: Document;
  sort: Record<string, 1 | -1>;
}

/** Filter and sort of one page; `_id` breaks ties in the sort direction so the keyset cursor is total. */
export function toMongoFind({ filter, sort = DEFAULT_SORT, after }: Omit<FindQuery, 'limit'>): MongoFind {
  const field = mongoField(sort.field);
  const direction = sort.direction === 'asc' ? 1 : -1;
  const parts = [toMongoFilter(filter)];
  // Mongo sorts missing and null values first; the port does not list them at all.
  if (field !== '_id') parts.push({ [field]: { $ne: null } });
  if (after) parts.push(keyset(field, sort.direction, after));
  return {
    filter: and(parts),
    sort: field === '_id' ? { _id: direction } : { [field]: direction, _id: direction },
  };
}

function keyset(field: string, direction: Sort['direction'], after: CursorKey): Document {
  const cmp = direction === 'asc' ? '$gt' : '$lt';
  if (field === '_id') return { _id: { [cmp]: after.id } };
  return { $or: [{ [field]: { [cmp]: after.value } }, { [field]: after.value, _id: { [cmp]: after.id } }] };
}

/** The key of an index over `fields`, with `_id` last so keyset pages on those fields are index-backed. */
export function indexKey(fields: string[]): Record<string, 1> {
  return Object.fromEntries([...fields.map(mongoField), '_id'].map((field) => [field, 1 as const]));
}

/**
 * The names of the indexes this store made (fields, then `_id`) for fields no spec index declares any
 * more: a cost on every write that no query of this version asks for. `_id_`, the text index's `_terms`
 * and anything not of that shape are never named.
 */
export function undeclaredIndexes(existing: { name: string; key: Record<string, unknown> }[], declared: string[][]): string[] {
  const keyOf = (key: Record<string, unknown>) => JSON.stringify(Object.entries(key));
  const wanted = new Set(declared.map((fields) => keyOf(indexKey(fields))));
  return existing
    .filter(({ key }) => {
      const fields = Object.keys(key);
      return fields.length > 1 && fields.at(-1) === '_id' && Object.values(key).every((order) => order === 1) && !wanted.has(keyOf(key));
    })
    .map(({ name }) => name);
}

export function toMongoDoc(doc: Doc): Document {
  const { id, ...rest } = doc;
  return { _id: id, ...rest };
}

export function fromMongoDoc<T extends Doc>(stored: Document): T {
  const { _id, ...rest } = stored;
  delete rest[POSITION_FIELD];
  // The words a text index keeps beside the document (search/mongodb/mongo-text-index.ts) are not its data.
  delete rest[TERMS_FIELD];
  delete rest[FIELD_TERMS_FIELD];
  // The caller names the document type it stored; nothing here can check it.
  return { ...rest, id: _id } as T;
}

/*
 * The position guard. Every document written inside a batch is stamped with the batch position, and
 * writes leave alone documents stamped by a later batch. Batches normally arrive in order, so the guard
 * never trips; it protects against a late writer: a process still applying an older batch (or resuming
 * from an older checkpoint after a crash in the middle of `swapRebuild`) over documents a newer batch
 * already wrote. A document without a stamp counts as oldest.
 */

const STAMP = { $toDecimal: `$${POSITION_FIELD}` };

/** Matches the documents no later batch than `position` wrote. */
export function notNewerThan(position: string): Document {
  return { $expr: { $lte: [STAMP, Decimal128.fromString(position)] } };
}

/**
 * An update pipeline replacing the document with `doc` unless a later batch wrote it. The check lives
 * in the update, not in its filter: an upsert whose filter misses an existing `_id` would try an insert
 * and fail on the duplicate key, aborting the whole batch.
 */
export function guardedReplacement(doc: Doc, position: string): Document[] {
  const newer = { $gt: [STAMP, Decimal128.fromString(position)] };
  // $literal: values of the document (strings starting with `$`, objects) are data, not expressions.
  const replacement = { $literal: { ...toMongoDoc(doc), [POSITION_FIELD]: position } };
  return [{ $replaceWith: { $cond: { if: newer, then: '$$ROOT', else: replacement } } }];
}

/** `undefined` values unset their field; the others are set, along with the batch stamp. */
export function toMongoPatch(changes: Record<string, unknown>, position: string): Document {
  const $set: Document = { [POSITION_FIELD]: position };
  const $unset: Document = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) $unset[field] = '';
    else $set[field] = value;
  }
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

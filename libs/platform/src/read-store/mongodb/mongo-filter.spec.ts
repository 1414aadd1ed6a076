import { Decimal128 } from 'mongodb';
import {
  escapeRegex,
  fromMongoDoc,
  guardedReplacement,
  indexKey,
  notNewerThan,
  undeclaredIndexes,
  toMongoDoc,
  toMongoFilter,
  toMongoFind,
  toMongoPatch,
} from './mongo-filter';

describe('toMongoFilter', () => {
  it('maps id to _id and keeps dotted paths', () => {
    expect(toMongoFilter({ id: 'p1', 'meta.owner.id': 'u1' })).toEqual({ _id: 'p1', 'meta.owner.id': 'u1' });
  });

  it('keeps bare scalars, null included, as Mongo equality', () => {
    expect(toMongoFilter({ title: 'A', rank: 2, done: false, parent: null })).toEqual({
      title: 'A',
      rank: 2,
      done: false,
      parent: null,
    });
  });

  it('passes comparison operators through', () => {
    const filter = {
      a: { $eq: 1 },
      b: { $ne: null },
      c: { $in: ['x', null] },
      d: { $exists: false },
      e: { $gt: 1, $lte: 5 },
      f: { $gte: 'a', $lt: 'b' },
    };
    expect(toMongoFilter(filter)).toEqual(filter);
  });

  it('turns $contains into a case-sensitive literal regex', () => {
    const mongo = toMongoFilter({ title: { $contains: 'a.b*(c' } });
    expect(mongo).toEqual({ title: { $regex: 'a\\.b\\*\\(c' } });
    const regex = new RegExp(mongo.title.$regex);
    expect(regex.test('xx a.b*(c yy')).toBe(true);
    expect(regex.test('aXbbb(c')).toBe(false);
    expect(regex.test('A.B*(C')).toBe(false);
  });

  it('combines $contains with other operators on the same field', () => {
    expect(toMongoFilter({ slug: { $contains: '-', $ne: 'a-b' } })).toEqual({ slug: { $regex: '-', $ne: 'a-b' } });
  });

  it('leaves out conditions that constrain nothing', () => {
    expect(toMongoFilter({ a: {}, b: { $eq: undefined } })).toEqual({});
  });

  it('rejects unknown operators', () => {
    expect(() => toMongoFilter({ a: { $where: 'x' } as never })).toThrow('unsupported filter operator $where');
  });
});

describe('escapeRegex', () => {
  it('escapes every metacharacter', () => {
    const needle = '.*+?^${}()|[]\\';
    expect(new RegExp(`^${escapeRegex(needle)}$`).test(needle)).toBe(true);
  });
});

describe('toMongoFind', () => {
  it('defaults to id ascending without extra conditions', () => {
    expect(toMongoFind({})).toEqual({ filter: {}, sort: { _id: 1 } });
  });

  it('pages by id alone', () => {
    expect(toMongoFind({ sort: { field: 'id', direction: 'desc' }, after: { value: 'p5', id: 'p5' } })).toEqual({
      filter: { _id: { $lt: 'p5' } },
      sort: { _id: -1 },
    });
  });

  it('sorts by the field then _id, listing only documents having the field', () => {
    expect(toMongoFind({ sort: { field: 'meta.rank', direction: 'asc' } })).toEqual({
      filter: { 'meta.rank': { $ne: null } },
      sort: { 'meta.rank': 1, _id: 1 },
    });
  });

  it('continues after the cursor ascending', () => {
    const find = toMongoFind({
      filter: { space: 's1' },
      sort: { field: 'title', direction: 'asc' },
      after: { value: 'B', id: 'p2' },
    });
    expect(find).toEqual({
      filter: {
        $and: [
          { space: 's1' },
          { title: { $ne: null } },
          { $or: [{ title: { $gt: 'B' } }, { title: 'B', _id: { $gt: 'p2' } }] },
        ],
      },
      sort: { title: 1, _id: 1 },
    });
  });

  it('continues after the cursor descending', () => {
    const find = toMongoFind({ sort: { field: 'meta.rank', direction: 'desc' }, after: { value: 3, id: 'p9' } });
    expect(find).toEqual({
      filter: {
        $and: [
          { 'meta.rank': { $ne: null } },
          { $or: [{ 'meta.rank': { $lt: 3 } }, { 'meta.rank': 3, _id: { $lt: 'p9' } }] },
        ],
      },
      sort: { 'meta.rank': -1, _id: -1 },
    });
  });
});

describe('indexKey', () => {
  it('indexes the fields in order, then _id', () => {
    expect(Object.entries(indexKey(['space', 'meta.rank']))).toEqual([
      ['space', 1],
      ['meta.rank', 1],
      ['_id', 1],
    ]);
  });
});

describe('undeclaredIndexes', () => {
  const declared = [['owner', 'seq'], ['owner', 'target', 'seq']];
  it('names the field indexes no declared index has the key of, and nothing else', () =>
    expect(
      undeclaredIndexes(
        [
          { name: '_id_', key: { _id: 1 } },
          { name: 'owner_1_seq_1__id_1', key: indexKey(['owner', 'seq']) },
          { name: 'owner_1_action_1_seq_1__id_1', key: indexKey(['owner', 'action', 'seq']) },
          { name: 'owner_1_target_1_seq_1__id_1', key: indexKey(['owner', 'target', 'seq']) },
          // Same fields, another order: not the declared index.
          { name: 'seq_1_owner_1__id_1', key: indexKey(['seq', 'owner']) },
          { name: '_terms_1', key: { _terms: 1 } },
          // Not of the shape this store makes: an operator's own.
          { name: 'by_owner_desc', key: { owner: -1, _id: -1 } },
        ],
        declared,
      ),
    ).toEqual(['owner_1_action_1_seq_1__id_1', 'seq_1_owner_1__id_1']));
});

describe('document mapping', () => {
  it('stores id as _id', () => {
    const doc = { id: 'p1', title: 'T', meta: { id: 'm' } };
    expect(toMongoDoc(doc)).toEqual({ _id: 'p1', title: 'T', meta: { id: 'm' } });
  });

  it('reads _id back as id and drops the position stamp', () => {
    expect(fromMongoDoc({ _id: 'p1', title: 'T', _pos: '42' })).toEqual({ id: 'p1', title: 'T' });
  });
});

describe('position guard', () => {
  const position = '18446744073709551615'; // above 2^53: must not lose precision

  it('matches documents stamped no later than the batch', () => {
    expect(notNewerThan(position)).toEqual({
      $expr: { $lte: [{ $toDecimal: '$_pos' }, Decimal128.fromString(position)] },
    });
  });

  it('replaces the whole document, stamped, unless a later batch wrote it', () => {
    expect(guardedReplacement({ id: 'p1', title: '$title' }, position)).toEqual([
      {
        $replaceWith: {
          $cond: {
            if: { $gt: [{ $toDecimal: '$_pos' }, Decimal128.fromString(position)] },
            then: '$$ROOT',
            else: { $literal: { _id: 'p1', title: '$title', _pos: position } },
          },
        },
      },
    ]);
    expect(Decimal128.fromString(position).toString()).toBe(position);
  });
});

describe('toMongoPatch', () => {
  it('sets fields and the stamp, and unsets undefined ones', () => {
    expect(toMongoPatch({ title: 'T', parent: null, summary: undefined }, '7')).toEqual({
      $set: { _pos: '7', title: 'T', parent: null },
      $unset: { summary: '' },
    });
  });

  it('omits $unset when nothing is unset', () => {
    expect(toMongoPatch({ title: 'T' }, '7')).toEqual({ $set: { _pos: '7', title: 'T' } });
  });
});

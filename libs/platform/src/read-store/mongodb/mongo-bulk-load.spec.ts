import { bulkLoadOperations } from './mongo-bulk-load';

describe('bulkLoadOperations', () => {
  const docs = new Map<string, string | null>([
    ['a', JSON.stringify({ id: 'a', title: 'Déjà vu', n: 1 })],
    ['b', null],
  ]);

  it('replaces (upserts) each written document under _id, stamped with the batch position, and deletes the deleted', () => {
    expect(bulkLoadOperations(docs, '12')).toEqual([
      { replaceOne: { filter: { _id: 'a' }, replacement: { _id: 'a', title: 'Déjà vu', n: 1, _pos: '12' }, upsert: true } },
      { deleteOne: { filter: { _id: 'b' } } },
    ]);
  });

  it("stores the text index's folded words with the document", () => {
    const [op] = bulkLoadOperations(docs, '12', { fields: { title: 1 } });
    expect(op).toMatchObject({ replaceOne: { replacement: { _terms: ['deja', 'vu'], _fieldTerms: [['deja', 'vu']] } } });
  });
});

import { usageOperations } from './mongo-token-usage';

describe('MongoDB token usage', () => {
  it('upserts each use by token id, keeping the later time ($max on ISO strings, which sort as times)', () => {
    expect(usageOperations([{ tokenId: 't1', usedAt: '2026-01-01T10:00:00.000Z' }])).toEqual([
      { updateOne: { filter: { _id: 't1' }, update: { $max: { usedAt: '2026-01-01T10:00:00.000Z' } }, upsert: true } },
    ]);
  });
});

import { Checkpoint, finishOperations, isFenced, markOperations, recoveryOf, SWAP_LEASE_MS, swapRecord } from './rebuild-swap';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Applies bulk-write operations to checkpoints held in a Map, as MongoDB would (upserts included). */
function apply(stored: Map<string, Checkpoint>, operations: ReturnType<typeof finishOperations>): Map<string, Checkpoint> {
  const next = new Map(stored);
  for (const op of operations) {
    if ('deleteOne' in op) next.delete(op.deleteOne.filter._id as string);
    else if ('replaceOne' in op) next.set(op.replaceOne.filter._id as string, op.replaceOne.replacement as Checkpoint);
    else if ('updateOne' in op) {
      const id = op.updateOne.filter._id as string;
      const set = (op.updateOne.update as { $set: Partial<Checkpoint> }).$set;
      next.set(id, { ...(next.get(id) ?? { _id: id }), ...set });
    } else throw new Error(`unexpected operation ${JSON.stringify(op)}`);
  }
  return next;
}

describe('MongoDB rebuild swap', () => {
  const record = swapRecord('swap-1', T0, ['pages', 'spaces'], [
    { projection: 'content', position: '90' },
    { projection: 'fresh', position: null },
  ]);

  it('records a lease that runs from its start', () => {
    expect(record).toMatchObject({ swap: 'swap-1', collections: ['pages', 'spaces'], expiresAt: at(SWAP_LEASE_MS) });
  });

  it('leaves a swap to its owner while its lease holds, and finishes it from its record once expired', () => {
    expect(recoveryOf(null, T0)).toEqual({ kind: 'none' });
    expect(recoveryOf(record, at(SWAP_LEASE_MS - 1))).toEqual({ kind: 'wait', until: at(SWAP_LEASE_MS) });
    expect(recoveryOf(record, at(SWAP_LEASE_MS))).toEqual({ kind: 'roll-forward', record });
  });

  it('fences every projection it swaps, those without a checkpoint too, and no other', () => {
    const live = new Map<string, Checkpoint>([
      ['content', { _id: 'content', position: '120' }],
      ['other', { _id: 'other', position: '120' }],
    ]);
    const marked = apply(live, markOperations(['content', 'fresh'], 'swap-1'));
    expect(marked.get('content')).toEqual({ _id: 'content', position: '120', swap: 'swap-1' });
    expect(marked.get('fresh')).toEqual({ _id: 'fresh', swap: 'swap-1' });
    expect(isFenced([marked.get('content')!])).toBe(true);
    expect(isFenced([marked.get('other')!])).toBe(false);
    expect(isFenced([])).toBe(false);
  });

  it('ends with the rebuilt checkpoints and no mark: a projection the rebuild never moved starts over', () => {
    const marked = apply(new Map([['content', { _id: 'content', position: '120' }]]), markOperations(['content', 'fresh'], 'swap-1'));
    const finished = apply(marked, finishOperations(record));
    expect([...finished.values()]).toEqual([{ _id: 'content', position: '90' }]);
    expect(isFenced([...finished.values()])).toBe(false);
    // Finishing twice (the owner late, after a recoverer) ends the same.
    expect(apply(finished, finishOperations(record))).toEqual(finished);
  });
});

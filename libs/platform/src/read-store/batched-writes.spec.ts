import { BatchedWrites, DirectWrites, PendingDocs } from './batched-writes';
import { Doc } from './read-store.port';

/** A store of one collection in memory, recording each write it is asked for. */
function directStore(initial: Doc[]) {
  const stored = new Map(initial.map((d) => [d.id, JSON.stringify(d)]));
  const writes: [string, string | null][][] = [];
  const direct: DirectWrites = {
    get: async <T extends Doc>(_c: string, id: string) => (stored.has(id) ? (JSON.parse(stored.get(id)!) as T) : null),
    findAll: async <T extends Doc>() => [...stored.values()].map((json) => JSON.parse(json) as T),
    deleteMany: async () => stored.clear(),
    write: async (_c: string, docs: PendingDocs) => {
      writes.push([...docs]);
      for (const [id, json] of docs) {
        if (json === null) stored.delete(id);
        else stored.set(id, json);
      }
    },
  };
  return { direct, stored, writes };
}

describe('BatchedWrites', () => {
  it('writes each document once, in id order, however many times the batch changed it', async () => {
    const { direct, writes } = directStore([{ id: 'a', n: 0 }]);
    const tx = new BatchedWrites(direct);
    await tx.upsert('c', { id: 'b', n: 1 });
    for (let n = 1; n <= 3; n++) await tx.patch('c', 'a', { n });
    await tx.delete('c', 'b');
    await tx.upsert('c', { id: 'c', n: 5 });
    expect(writes).toEqual([]);
    await tx.flush();
    expect(writes).toEqual([
      [
        ['a', JSON.stringify({ id: 'a', n: 3 })],
        ['b', null],
        ['c', JSON.stringify({ id: 'c', n: 5 })],
      ],
    ]);
  });

  it('patches as the stores do: fields set, undefined ones unset, a missing document left missing', async () => {
    const { direct } = directStore([{ id: 'a', keep: 1, drop: 2 }]);
    const tx = new BatchedWrites(direct);
    await tx.patch('c', 'a', { drop: undefined, added: { x: 1 }, id: 'ignored' });
    await tx.patch('c', 'missing', { x: 1 });
    await tx.delete('c', 'gone');
    await tx.patch('c', 'gone', { x: 1 });
    expect(await tx.get('c', 'a')).toEqual({ id: 'a', keep: 1, added: { x: 1 } });
    expect(await tx.get('c', 'missing')).toBeNull();
    expect(await tx.get('c', 'gone')).toBeNull();
  });

  it('never shares an object with a handler: neither what it hands in nor what it reads', async () => {
    const { direct } = directStore([]);
    const tx = new BatchedWrites(direct);
    const doc = { id: 'a', tags: ['x'] };
    await tx.upsert('c', doc);
    doc.tags.push('changed after upsert');
    const changes = { meta: { v: 1 } };
    await tx.patch('c', 'a', changes);
    changes.meta.v = 2;
    const read = (await tx.get<Doc & { tags: string[] }>('c', 'a'))!;
    read.tags.push('changed after get');
    expect(await tx.get('c', 'a')).toEqual({ id: 'a', tags: ['x'], meta: { v: 1 } });
  });

  it('writes pending documents before a filtered read or delete, so the store answers it over the batch so far', async () => {
    const { direct, stored } = directStore([{ id: 'old' }]);
    const tx = new BatchedWrites(direct);
    await tx.upsert('c', { id: 'new' });
    expect((await tx.findAll('c', {})).map((d) => d.id).sort()).toEqual(['new', 'old']);
    await tx.upsert('c', { id: 'newer' });
    await tx.deleteMany('c', {});
    expect(stored.size).toBe(0);
    await tx.flush();
    expect(stored.size).toBe(0);
  });
});

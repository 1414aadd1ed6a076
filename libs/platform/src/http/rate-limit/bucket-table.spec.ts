import { BucketTable } from './bucket-table';

describe('BucketTable', () => {
  const config = { burst: 2, perSecond: 1 };

  it('keeps one bucket per key, made full on first use', () => {
    const table = new BucketTable(config, 10);
    expect(table.existing('a')).toBeUndefined();
    table.bucket('a', 0).take(0);
    table.bucket('a', 0).take(0);
    expect(table.bucket('a', 0).take(0).allowed).toBe(false);
    expect(table.bucket('b', 0).take(0)).toMatchObject({ allowed: true, remaining: 1 });
    expect(table.size).toBe(2);
  });

  it('takes keys that are Object.prototype’s names like any other', () => {
    const table = new BucketTable(config, 10);
    expect(table.existing('__proto__')).toBeUndefined();
    expect(table.bucket('constructor', 0).take(0)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('stays within its capacity under a spray of keys, forgetting the least recently used first', () => {
    const table = new BucketTable(config, 3);
    for (const key of ['a', 'b', 'c']) table.bucket(key, 0).take(0);
    table.existing('a'); // used again: b is now the idlest
    table.bucket('d', 0);
    expect(table.existing('b')).toBeUndefined();
    expect(table.existing('a')?.take(0)).toMatchObject({ remaining: 0 });
    expect(table.existing('c')).toBeDefined();
    for (let i = 0; i < 1000; i++) table.bucket(`spray-${i}`, 0);
    expect(table.size).toBe(3);
  });
});

import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps at most its capacity, evicting the least recently used', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.set('a', 10); // replacing does not grow it
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBe(10);
  });

  it('keeps the order of use when the same key is asked for again and again, or deleted while the most recent', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('b');
    cache.get('b');
    cache.get('a');
    cache.get('a');
    cache.set('c', 3); // b was used before a's last hits: b goes
    expect([cache.get('b'), cache.get('a'), cache.get('c')]).toEqual([undefined, 1, 3]);
    cache.delete('c');
    cache.set('c', 4);
    cache.get('a');
    cache.set('d', 5); // c was set before a's last hit: c goes
    expect([cache.get('c'), cache.get('a'), cache.get('d')]).toEqual([undefined, 1, 5]);
  });

  it('forgets a deleted key and makes room for another', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 3);
    expect([cache.get('b'), cache.get('c'), cache.size]).toEqual([2, 3, 2]);
  });

  it('weighs an entry by the weight given to set, when given', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'x', 6);
    cache.set('b', 'x', 6); // 12 > 10, although the values weigh 1 each
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([undefined, 'x', 1]);
    cache.set('c', 'x', 11);
    expect([cache.get('c'), cache.size]).toEqual([undefined, 1]);
  });

  it('bounds the total weight of its entries, and keeps no entry heavier than the whole', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.set('c', 'xxxx'); // 12 > 10: the least recent goes
    expect([cache.get('a'), cache.size]).toEqual([undefined, 2]);
    cache.set('b', 'x'); // replacing gives its weight back
    cache.set('d', 'xxxxx');
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['x', 'xxxx', 'xxxxx']);
    cache.set('e', 'x'.repeat(11));
    expect([cache.get('e'), cache.size]).toEqual([undefined, 3]);
  });

  it('forgets the entries whose keys pass a test, and all of them on clear, giving their weight back', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('t:1', 'xx');
    cache.set('u:1', 'xxx');
    cache.set('t:2', 'xxxx');
    cache.deleteWhere((key) => key.startsWith('t:'));
    expect([cache.has('t:1'), cache.has('t:2'), cache.get('u:1'), cache.held]).toEqual([false, false, 'xxx', 3]);
    cache.clear();
    expect([cache.size, cache.held, cache.get('u:1')]).toEqual([0, 0, undefined]);
    cache.set('v', 'xxxxxxxxxx'); // the whole capacity is free again
    expect(cache.get('v')).toBe('xxxxxxxxxx');
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
    expect(() => new LruCache(1.5)).toThrow(RangeError);
  });
});

import { DocumentCache } from './document-cache';

const json = (id: string, padding = 0) => JSON.stringify({ id, text: 'x'.repeat(padding) });

describe('DocumentCache', () => {
  it('answers the same frozen document until it is forgotten', () => {
    const cache = new DocumentCache(10_000);
    const doc = cache.fill('c_things', 'a', JSON.stringify({ id: 'a', nested: { list: [1, { deep: true }] } }));
    expect(cache.get('c_things', 'a')).toBe(doc);
    expect(Object.isFrozen(doc) && Object.isFrozen(doc.nested) && Object.isFrozen((doc.nested as { list: object[] }).list[1])).toBe(true);
    expect(() => {
      (doc as Record<string, unknown>).id = 'b';
    }).toThrow(TypeError);
    expect(cache.get('c_other', 'a')).toBeUndefined();
    cache.delete('c_things', 'a');
    expect(cache.get('c_things', 'a')).toBeUndefined();
  });

  it('stays within its budget of JSON characters, evicting the least recently read first', () => {
    const size = json('d00', 100).length;
    const cache = new DocumentCache(size * 20);
    for (let i = 0; i < 20; i++) cache.fill('c_t', `d${String(i).padStart(2, '0')}`, json(`d${String(i).padStart(2, '0')}`, 100));
    expect(cache.stats).toEqual({ documents: 20, characters: size * 20 });
    cache.get('c_t', 'd00'); // read: now the most recent
    for (let i = 20; i < 30; i++) cache.fill('c_t', `d${i}`, json(`d${i}`, 100));
    expect(cache.stats).toEqual({ documents: 20, characters: size * 20 });
    expect(cache.get('c_t', 'd00')).toBeDefined();
    expect(cache.get('c_t', 'd01')).toBeUndefined();
    expect(cache.get('c_t', 'd10')).toBeUndefined();
    expect(cache.get('c_t', 'd11')).toBeDefined();
    expect(cache.get('c_t', 'd29')).toBeDefined();
  });

  it('keeps the eviction order when the most recent document is read again and again', () => {
    const size = json('d1').length;
    const cache = new DocumentCache(size * 48);
    for (const id of ['d1', 'd2', 'd3']) cache.fill('c_t', id, json(id));
    for (let i = 0; i < 3; i++) cache.get('c_t', 'd3');
    for (let i = 0; i < 3; i++) cache.get('c_t', 'd1'); // now the most recent: d2, then d3, go first
    for (let i = 4; i <= 48; i++) cache.fill('c_t', `d${i}`, json(`d${i}`));
    expect([cache.get('c_t', 'd2'), cache.get('c_t', 'd3')]).toEqual([undefined, undefined]);
    expect(cache.get('c_t', 'd1')).toBeDefined();
    cache.delete('c_t', 'd1');
    cache.get('c_t', 'd48');
    expect(cache.get('c_t', 'd1')).toBeUndefined();
    expect(cache.get('c_t', 'd4')).toBeDefined();
  });

  it('answers but does not keep a document longer than a sixteenth of the budget', () => {
    const cache = new DocumentCache(1600);
    const big = cache.fill('c_t', 'big', json('big', 100));
    expect(big.id).toBe('big');
    expect(cache.get('c_t', 'big')).toBeUndefined();
    expect(cache.stats).toEqual({ documents: 0, characters: 0 });
  });

  it('forgets one table at once, and everything at once', () => {
    const cache = new DocumentCache(10_000);
    cache.fill('c_a', '1', json('1'));
    cache.fill('c_a', '2', json('2'));
    cache.fill('c_ab', '1', json('1'));
    cache.deleteTable('c_a');
    expect([cache.get('c_a', '1'), cache.get('c_a', '2')]).toEqual([undefined, undefined]);
    expect(cache.get('c_ab', '1')).toBeDefined();
    expect(cache.stats).toEqual({ documents: 1, characters: json('1').length });
    cache.clear();
    expect(cache.stats).toEqual({ documents: 0, characters: 0 });
  });

  it('takes a budget of a fraction of a megabyte (READ_CACHE_MB=0.3) as whole characters, and 0 as off', () => {
    const cache = new DocumentCache(0.3 * 1024 * 1024);
    expect(cache.fill('c_t', 'a', json('a'))).toBe(cache.get('c_t', 'a'));
    const off = new DocumentCache(0);
    off.fill('c_t', 'a', json('a'));
    expect([off.enabled, off.get('c_t', 'a'), off.stats]).toEqual([false, undefined, { documents: 0, characters: 0 }]);
  });
});

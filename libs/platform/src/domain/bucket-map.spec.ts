import { BucketMap } from './bucket-map';

describe('BucketMap', () => {
  it('sets, replaces and deletes without changing the map it was made from', () => {
    const empty = BucketMap.empty<number>();
    const one = empty.set('a', 1);
    const two = one.set('b', 2).set('a', 3);
    expect([empty.size, one.size, two.size]).toEqual([0, 1, 2]);
    expect([one.get('a'), two.get('a'), two.get('b'), empty.get('a')]).toEqual([1, 3, 2, undefined]);
    const less = two.delete('a');
    expect([less.has('a'), two.has('a'), less.size]).toEqual([false, true, 1]);
    expect(less.delete('nope')).toBe(less);
  });

  it("takes keys an object would confuse with its prototype's", () => {
    const map = BucketMap.empty<string>().set('__proto__', 'x').set('constructor', 'y');
    expect(map.get('__proto__')).toBe('x');
    expect(map.has('toString')).toBe(false);
    expect(map.size).toBe(2);
  });
});

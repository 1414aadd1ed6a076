import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes an object and everything inside it, arrays included', () => {
    const value = deepFreeze({ a: { b: [{ c: 1 }] } });
    expect([Object.isFrozen(value), Object.isFrozen(value.a), Object.isFrozen(value.a.b), Object.isFrozen(value.a.b[0])]).toEqual([true, true, true, true]);
    expect(() => {
      (value.a.b[0] as { c: number }).c = 2;
    }).toThrow(TypeError);
  });

  it('leaves what is inside an object already frozen alone: it is taken as frozen throughout', () => {
    const inner = { n: 1 };
    const shallow = Object.freeze({ inner });
    deepFreeze({ shallow });
    expect(Object.isFrozen(inner)).toBe(false);
  });

  it('passes scalars and null through', () => {
    expect([deepFreeze(1), deepFreeze('s'), deepFreeze(null)]).toEqual([1, 's', null]);
  });
});

import { exceedsDepth, MAX_OBJECT_PROPERTIES, parseJsonBody, unsafeShape } from './json-body';

describe('exceedsDepth', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('counts objects and arrays alike, up to the limit inclusive', () => {
    expect(exceedsDepth(deep(64), 64)).toBe(false);
    expect(exceedsDepth(deep(65), 64)).toBe(true);
    expect(exceedsDepth('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(exceedsDepth('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('measures the deepest branch, not the number of brackets', () => {
    expect(exceedsDepth(`[${Array(1000).fill('[[]]').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, past escaped quotes and backslashes', () => {
    expect(exceedsDepth(JSON.stringify({ a: `"${'['.repeat(100)}` }), 1)).toBe(false);
    expect(exceedsDepth(JSON.stringify({ a: `\\${'{'.repeat(100)}` }), 1)).toBe(false);
    expect(exceedsDepth(`{"a\\"[[":"\\\\"}`, 1)).toBe(false);
  });

  it('scans a megabyte of nesting without recursing', () => {
    expect(exceedsDepth(deep(512 * 1024), 64)).toBe(true);
  });
});

describe('unsafeShape', () => {
  const parse = (text: string) => JSON.parse(text) as object;

  it('finds __proto__, constructor and prototype at any depth, arrays included', () => {
    expect(unsafeShape(parse('{"a":[{"b":{"__proto__":{}}}]}'))).toBe('The body may not have a property named __proto__');
    expect(unsafeShape(parse('{"constructor":{"prototype":{}}}'))).toBe('The body may not have a property named constructor');
    expect(unsafeShape(parse('[[{"prototype":1}]]'))).toBe('The body may not have a property named prototype');
  });

  it('lets values named so pass', () => {
    expect(unsafeShape({ title: '__proto__', tags: ['constructor'] })).toBeUndefined();
  });

  it(`takes objects of up to ${MAX_OBJECT_PROPERTIES} properties, anywhere, and arrays of any length`, () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, { role: 'member' }]));
    expect(unsafeShape({ memberships: wide(MAX_OBJECT_PROPERTIES) })).toBeUndefined();
    expect(unsafeShape({ a: [{ memberships: wide(MAX_OBJECT_PROPERTIES + 1) }] })).toMatch(/more than 1000 properties/);
    expect(unsafeShape({ items: Array(5000).fill(1) })).toBeUndefined();
  });
});

describe('parseJsonBody', () => {
  it('refuses a body that is not an object, an array too unless the route takes one', () => {
    for (const text of ['null', '"x"', '1', '[{"a":1}]']) expect(() => parseJsonBody(text)).toThrow('The body must be a JSON object');
    expect(parseJsonBody('[{"a":1}]', true)).toEqual([{ a: 1 }]);
    expect(() => parseJsonBody('null', true)).toThrow('The body must be a JSON object');
    expect(() => parseJsonBody('[{"__proto__":{}}]', true)).toThrow(/__proto__/);
  });
});

import { exceedsDepth, findPrototypeKey } from './json-body';

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

describe('findPrototypeKey', () => {
  it('finds __proto__, constructor and prototype at any depth, arrays included', () => {
    expect(findPrototypeKey(JSON.parse('{"a":[{"b":{"__proto__":{}}}]}') as object)).toBe('__proto__');
    expect(findPrototypeKey(JSON.parse('{"constructor":{"prototype":{}}}') as object)).toBe('constructor');
    expect(findPrototypeKey(JSON.parse('[[{"prototype":1}]]') as object)).toBe('prototype');
  });

  it('lets values named so pass', () => {
    expect(findPrototypeKey({ title: '__proto__', tags: ['constructor'] })).toBeUndefined();
  });
});

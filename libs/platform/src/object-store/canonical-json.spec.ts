import { runInNewContext } from 'node:vm';
import { canonicalJson } from './canonical-json';
import { contentHash } from './content-object-store.port';

const text = (value: unknown) => canonicalJson(value).toString('utf8');

describe('canonicalJson', () => {
  it('gives equal values equal bytes whatever the order their keys were written in', () => {
    const a = { type: 'paragraph', key: 'k1', nodes: [{ text: 'Hi', marks: [{ type: 'bold' }] }], meta: { z: 1, a: 2 } };
    const b = { meta: { a: 2, z: 1 }, nodes: [{ marks: [{ type: 'bold' }], text: 'Hi' }], key: 'k1', type: 'paragraph' };
    expect(canonicalJson(a).equals(canonicalJson(b))).toBe(true);
    expect(contentHash(canonicalJson(a))).toBe(contentHash(canonicalJson(b)));
    expect(text(a)).toBe('{"key":"k1","meta":{"a":2,"z":1},"nodes":[{"marks":[{"type":"bold"}],"text":"Hi"}],"type":"paragraph"}');
  });

  it('keeps array order, which is meaning', () => {
    expect(text([2, 1])).not.toBe(text([1, 2]));
  });

  it('sorts keys by UTF-16 code units, as RFC 8785 does', () => {
    // By code point "😀" (U+1F600) would come last; as UTF-16 its first unit is 0xD83D, before U+FFFF.
    expect(text({ z: 1, é: 2, a: 3, '😀': 4, '\uffff': 5, B: 6 })).toBe('{"B":6,"a":3,"z":1,"é":2,"😀":4,"\uffff":5}');
  });

  it('round-trips through JSON.parse to an equal value, escapes included', () => {
    const value = { s: 'quote " backslash \\ newline \n tab \t nul \u0000 emoji 😀', n: [0, -1.5, 1e21, 2 ** 53], t: true, f: false, x: null };
    expect(JSON.parse(text(value))).toEqual(value);
  });

  it("takes another realm's plain objects (structuredClone under Jest) as plain, and still refuses class instances", () => {
    const foreign = runInNewContext('({ b: [{ c: 1 }], a: null })') as unknown;
    expect(canonicalJson(foreign).toString()).toBe('{"a":null,"b":[{"c":1}]}');
    expect(() => canonicalJson({ at: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson(runInNewContext('({ at: new Date(0) })'))).toThrow(TypeError);
  });

  it('leaves out undefined properties, as JSON does', () => {
    expect(text({ a: 1, b: undefined })).toBe(text({ a: 1 }));
  });

  it.each([
    ['NaN', { n: NaN }, /\$\.n is NaN/],
    ['Infinity', [Infinity], /\$\[0\] is Infinity/],
    ['a bigint', { n: 1n }, /\$\.n is not a JSON value/],
    ['a Date', { at: new Date(0) }, /\$\.at is not a JSON value/],
    ['undefined in an array', [1, undefined], /\$\[1\] is missing/],
    ['a hole in an array', [1, , 3], /\$\[1\] is missing/],
    ['a function', { f: () => 1 }, /\$\.f is not a JSON value/],
  ])('refuses %s, naming where it is', (_what, value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });
});

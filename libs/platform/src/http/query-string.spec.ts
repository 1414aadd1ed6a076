import { MAX_QUERY_PARAMETERS, parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('decodes keys and values, `+` as a space', () => {
    expect({ ...parseQueryString('title=Ann+Lee&q=%C3%A9t%C3%A9&flag') }).toEqual({ title: 'Ann Lee', q: 'été', flag: '' });
  });

  it('keeps a repeated key as the list of its values, for the pipe to judge', () => {
    expect({ ...parseQueryString('limit=1&limit=2&limit=3') }).toEqual({ limit: ['1', '2', '3'] });
  });

  it('reads `key[]` as the list `key`, however many times it is given', () => {
    expect(parseQueryString('authors[]=a&authors[]=b&limit=2')).toEqual({ authors: ['a', 'b'], limit: '2' });
    expect(parseQueryString('authors%5B%5D=a')).toEqual({ authors: ['a'] });
    expect(parseQueryString('authors=a&authors[]=b')).toEqual({ authors: ['a', 'b'] });
    expect(parseQueryString('[]=x')).toEqual({ '[]': 'x' });
  });

  it('decodes malformed escapes as far as they go instead of throwing', () => {
    expect({ ...parseQueryString('a=%E0%A4%A&b=%&c=100%') }).toEqual({ a: '\uFFFD%A', b: '%', c: '100%' });
  });

  it('makes prototype-less objects, so __proto__ is a parameter like any other', () => {
    const query = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor']);
  });

  it(`takes ${MAX_QUERY_PARAMETERS} parameters and refuses more (the hook answers 400)`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parseQueryString(many(MAX_QUERY_PARAMETERS)))).toHaveLength(MAX_QUERY_PARAMETERS);
    expect(Object.keys(parseQueryString(many(MAX_QUERY_PARAMETERS + 1)))).toHaveLength(0);
  });
});

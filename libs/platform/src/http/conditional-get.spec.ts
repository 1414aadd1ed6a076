import { ifNoneMatch } from './conditional-get';

describe('ifNoneMatch', () => {
  it.each([
    ['"5"', '"5"', true],
    ['W/"5"', '"5"', true],
    ['"5"', 'W/"5"', true],
    ['W/"abc"', 'W/"abc"', true],
    ['"4", "5"', '"5"', true],
    ['"4",W/"5" , "6"', '"5"', true],
    ['*', 'W/"x"', true],
    [' * ', '"1"', true],
    ['"4"', '"5"', false],
    ['"4", "55"', '"5"', false],
    ['5', '"5"', false],
    ['"4" junk, "5"', '"5"', false],
    ['', '"5"', false],
    ['"a,b"', '"a,b"', true],
  ])('If-None-Match %s against %s: %s', (header, etag, matches) => {
    expect(ifNoneMatch(header, etag)).toBe(matches);
  });
});

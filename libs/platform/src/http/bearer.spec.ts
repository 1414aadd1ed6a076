import { bearerToken } from './bearer';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, whatever the case of the scheme and the spaces around', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc  ')).toBe('abc');
    expect(bearerToken('Bearer x.y.z')).toBe('x.y.z');
  });

  it('finds none in another scheme, a token with spaces inside, or no header, also right after a good one', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'Bearerabc', '']) {
      expect(bearerToken('Bearer good')).toBe('good');
      expect(bearerToken(header)).toBeUndefined();
    }
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('answers each header anew when they alternate', () => {
    expect([bearerToken('Bearer a'), bearerToken('Bearer b'), bearerToken('Bearer a')]).toEqual(['a', 'b', 'a']);
  });
});

import { candidateKeys, isSourcePath, matchKey, wildcardRest, withRest } from './site-redirect-source';

describe('redirect sources', () => {
  it.each([
    ['/old/page', true],
    ['/old/*', true],
    ['/old*', true],
    ['/a%20b/c~d.e_f-g+h', true],
    ['old', false],
    ['/', false],
    ['/*', false],
    ['/a/*/b', false],
    ['/a//b', false],
    ['/a/', false],
    ['/a b', false],
    [`/${'a'.repeat(511)}`, true],
    [`/${'a'.repeat(512)}`, false],
  ])('%s is a source: %s', (source, valid) => expect(isSourcePath(source)).toBe(valid));

  it('keys an exact source by itself and a wildcard by what comes before its *', () => {
    expect([matchKey('/a/b'), matchKey('/a/*'), matchKey('/a*')]).toEqual(['exact:/a/b', 'prefix:/a/', 'prefix:/a']);
  });

  it("lists a path's keys best first: exact, then prefixes from the longest", () => {
    expect(candidateKeys('/a/b')).toEqual(['exact:/a/b', 'prefix:/a/b', 'prefix:/a/', 'prefix:/a', 'prefix:/']);
  });

  it('takes what the wildcard matched and appends it to a URL as path segments', () => {
    expect(wildcardRest('/old/*', '/old/x/y')).toBe('x/y');
    expect(wildcardRest('/old*', '/older')).toBe('er');
    expect(wildcardRest('/old', '/old')).toBe('');
    expect(withRest('https://d.example.com/docs/', 'x/y')).toBe('https://d.example.com/docs/x/y');
    expect(withRest('https://d.example.com/docs?a=1#top', '/x')).toBe('https://d.example.com/docs/x?a=1#top');
    expect(withRest('https://d.example.com/docs', '')).toBe('https://d.example.com/docs');
  });
});

import { pathFromTitle, uniquePath, URL_SAFE_PATH } from './site-paths';

describe('site paths', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['Ünïcode — naïve café', 'unicode-naive-cafe'],
    ['  API v2 (beta)!  ', 'api-v2-beta'],
    ['日本語', 'space'],
    ['', 'space'],
  ])('makes %j into %j', (title, path) => expect(pathFromTitle(title)).toBe(path));

  it('keeps a path from a long title within 100 characters, without a trailing dash', () => {
    const path = pathFromTitle(`${'a'.repeat(99)} b`);
    expect(path).toBe('a'.repeat(99));
    expect(URL_SAFE_PATH.test(path)).toBe(true);
  });

  it('numbers a taken path, staying within the limit', () => {
    expect(uniquePath('docs', new Set(['docs', 'docs-2']))).toBe('docs-3');
    expect(uniquePath('a'.repeat(100), new Set(['a'.repeat(100)]))).toBe(`${'a'.repeat(98)}-2`);
  });
});

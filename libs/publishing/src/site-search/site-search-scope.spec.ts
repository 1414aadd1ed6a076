import { BadRequestException } from '@nestjs/common';
import { SearchSiteBody } from './site-search.dto';
import { ScopedSiteSpace, ScopedStructure, selectSiteSpaces, siteSearchScope, SiteSearchScope } from './site-search-scope';
import { MAX_SEARCHED_SPACES, spacesToSearch } from './site-search.query';

const siteSpace = (id: string, more: { default?: boolean; language?: string; spaceId?: string } = {}): ScopedSiteSpace => ({
  id,
  default: more.default ?? false,
  space: { id: more.spaceId ?? `space-${id}`, title: id, ...(more.language ? { language: more.language } : {}) },
});
const section = (...siteSpaces: ScopedSiteSpace[]) => ({ object: 'site-section' as const, siteSpaces });

/**
 * Guides (English default, French), API (English default, French) inside a group, Blog (no default shown:
 * the visitor's claims hid it, so the first is taken).
 */
const guidesEn = siteSpace('guides-en', { default: true, language: 'en' });
const guidesFr = siteSpace('guides-fr', { language: 'fr' });
const apiEn = siteSpace('api-en', { default: true, language: 'en' });
const apiFr = siteSpace('api-fr', { language: 'fr' });
const blog = siteSpace('blog');
const SECTIONS: ScopedStructure = {
  type: 'sections',
  structure: [section(guidesEn, guidesFr), { object: 'site-section-group', children: [section(apiEn, apiFr)] }, section(blog)],
};
const ids = (scope: SiteSearchScope, structure: ScopedStructure = SECTIONS) => selectSiteSpaces(structure, scope).map((s) => s.id);

describe('site search scope selection', () => {
  it('default: each section’s default site space, the first where the default is not shown', () => {
    expect(ids({ mode: 'default' })).toEqual(['guides-en', 'api-en', 'blog']);
  });

  it('default from a current site space: it first, then the other sections in its language', () => {
    expect(ids({ mode: 'default', currentSiteSpace: 'guides-fr' })).toEqual(['guides-fr', 'api-fr', 'blog']);
    expect(ids({ mode: 'default', currentSiteSpace: 'api-en' })).toEqual(['api-en', 'guides-en', 'blog']);
  });

  it('default restricted to the current site space, or to the others', () => {
    expect(ids({ mode: 'default', currentSiteSpace: 'guides-fr', restrictTo: 'currentSiteSpace' })).toEqual(['guides-fr']);
    expect(ids({ mode: 'default', currentSiteSpace: 'guides-fr', restrictTo: 'otherSiteSpaces' })).toEqual(['api-fr', 'blog']);
  });

  it('leaves out a current site space the visitor does not see, like an unknown one', () => {
    expect(ids({ mode: 'default', currentSiteSpace: 'hidden' })).toEqual(['guides-en', 'api-en', 'blog']);
    expect(ids({ mode: 'default', currentSiteSpace: 'hidden', restrictTo: 'currentSiteSpace' })).toEqual([]);
  });

  it('all: every site space in the structure’s order', () => {
    expect(ids({ mode: 'all' })).toEqual(['guides-en', 'guides-fr', 'api-en', 'api-fr', 'blog']);
  });

  it('specific: the named site spaces the visitor sees, in the structure’s order; others left out', () => {
    expect(ids({ mode: 'specific', siteSpaceIds: ['blog', 'nope', 'api-fr', '__proto__'] })).toEqual(['api-fr', 'blog']);
  });

  it('reads a site without sections as one section', () => {
    const variants: ScopedStructure = { type: 'siteSpaces', structure: [siteSpace('v1'), siteSpace('v2', { default: true })] };
    expect(ids({ mode: 'default' }, variants)).toEqual(['v2']);
    expect(ids({ mode: 'default', currentSiteSpace: 'v1' }, variants)).toEqual(['v1']);
    expect(ids({ mode: 'all' }, variants)).toEqual(['v1', 'v2']);
  });

  it('searches each space once, at most MAX_SEARCHED_SPACES of them, in order', () => {
    const shared = [siteSpace('a', { spaceId: 's1' }), siteSpace('b', { spaceId: 's2' }), siteSpace('c', { spaceId: 's1' })];
    expect(spacesToSearch(shared).map((s) => s.id)).toEqual(['s1', 's2']);
    const many = Array.from({ length: MAX_SEARCHED_SPACES + 10 }, (_, i) => siteSpace(`ss${i}`));
    const searched = spacesToSearch(many);
    expect(searched).toHaveLength(MAX_SEARCHED_SPACES);
    expect(searched[0]).toEqual({ id: 'space-ss0', title: 'ss0' });
  });
});

describe('site search scope from the body', () => {
  const scope = (body: Record<string, unknown>) => siteSearchScope({ query: 'x', ...body } as SearchSiteBody);

  it('takes the scope as given', () => {
    expect(scope({ scope: { mode: 'all' } })).toEqual({ mode: 'all' });
    expect(scope({ scope: { mode: 'specific', siteSpaceIds: ['a'] } })).toEqual({ mode: 'specific', siteSpaceIds: ['a'] });
    expect(scope({ scope: { mode: 'default', currentSiteSpace: 'a', restrictTo: 'otherSiteSpaces' } })).toEqual({ mode: 'default', currentSiteSpace: 'a', restrictTo: 'otherSiteSpaces' });
  });

  it('reads the deprecated forms the renderer sends, and none as the default scope', () => {
    expect(scope({ mode: 'current', siteSpaceId: 'a' })).toEqual({ mode: 'default', currentSiteSpace: 'a' });
    expect(scope({ mode: 'all' })).toEqual({ mode: 'all' });
    expect(scope({ mode: 'specific', siteSpaceIds: ['a'] })).toEqual({ mode: 'specific', siteSpaceIds: ['a'] });
    expect(scope({ siteSpaceIds: ['a'] })).toEqual({ mode: 'specific', siteSpaceIds: ['a'] });
    expect(scope({})).toEqual({ mode: 'default' });
  });

  it.each([
    [{ scope: { mode: 'all' }, mode: 'all' }],
    [{ scope: { mode: 'all', currentSiteSpace: 'a' } }],
    [{ scope: { mode: 'specific' } }],
    [{ scope: { mode: 'specific', siteSpaceIds: ['a'], restrictTo: 'currentSiteSpace' } }],
    [{ scope: { mode: 'default', restrictTo: 'currentSiteSpace' } }],
    [{ scope: { mode: 'default', siteSpaceIds: ['a'] } }],
    [{ mode: 'current' }],
    [{ mode: 'current', siteSpaceId: 'a', siteSpaceIds: ['b'] }],
    [{ mode: 'all', siteSpaceIds: ['a'] }],
    [{ mode: 'specific' }],
    [{ siteSpaceId: 'a' }],
  ])('refuses %j with a 400', (body) => {
    expect(() => scope(body)).toThrow(BadRequestException);
  });
});

import { ReaderSection, ReaderSiteSpace, ReaderStructure } from './reader-structure';
import { walkSitePath } from './site-path-walk';

const siteSpace = (id: string, path = id): ReaderSiteSpace => ({ id, path, spaceId: `space-${id}` });
const section = (id: string | null, path: string, siteSpaces: ReaderSiteSpace[], defaultIndex = 0): ReaderSection => ({ id, path, siteSpaces, defaultSiteSpace: siteSpaces[defaultIndex] });
const structure = (sectioned: boolean, sections: ReaderSection[], defaultIndex = 0): ReaderStructure => ({
  sectioned,
  sections,
  defaultSection: sections[defaultIndex],
  spaceIds: sections.flatMap((s) => s.siteSpaces.map((ss) => ss.spaceId)),
});

const plain = structure(false, [section(null, '', [siteSpace('main')])]);
const variants = structure(false, [section(null, '', [siteSpace('v1'), siteSpace('v2'), siteSpace('v3')])]);
const sectioned = structure(true, [
  section('guide', 'guide', [siteSpace('g1', 'latest'), siteSpace('g2', 'v2')]),
  section('api', 'api', [siteSpace('a1', 'api-main')]),
  section('sdk', 'sdk', [siteSpace('s1', 'js'), siteSpace('s2', 'python')], 1),
]);
const oneSection = structure(true, [section('only', 'only', [siteSpace('o1')])]);

const pick = (s: ReaderStructure, segments: string[]) => {
  const w = walkSitePath(s, segments);
  return { section: w.section.id, siteSpace: w.siteSpace.id, rest: w.rest.join('/'), complete: w.complete };
};

describe('walking a site path', () => {
  it('takes the defaults at the root, complete only when no segment could choose otherwise', () => {
    expect(pick(plain, [])).toEqual({ section: null, siteSpace: 'main', rest: '', complete: true });
    expect(pick(variants, [])).toEqual({ section: null, siteSpace: 'v1', rest: '', complete: false });
    expect(pick(sectioned, [])).toEqual({ section: 'guide', siteSpace: 'g1', rest: '', complete: false });
    expect(pick(oneSection, [])).toEqual({ section: 'only', siteSpace: 'o1', rest: '', complete: false });
    expect(pick(oneSection, ['only'])).toEqual({ section: 'only', siteSpace: 'o1', rest: '', complete: true });
  });

  it('names a section, then a site space of it; the rest is the page path', () => {
    expect(pick(sectioned, ['api', 'intro', 'x'])).toEqual({ section: 'api', siteSpace: 'a1', rest: 'intro/x', complete: true });
    expect(pick(sectioned, ['sdk', 'js', 'intro'])).toEqual({ section: 'sdk', siteSpace: 's1', rest: 'intro', complete: true });
    expect(pick(sectioned, ['sdk'])).toEqual({ section: 'sdk', siteSpace: 's2', rest: '', complete: false });
    expect(pick(sectioned, ['sdk', 'js'])).toEqual({ section: 'sdk', siteSpace: 's1', rest: '', complete: true });
  });

  it("leaves an unknown segment to the next level, then to the page path; a default site space's own path is a page path", () => {
    expect(pick(sectioned, ['v2', 'intro'])).toEqual({ section: 'guide', siteSpace: 'g2', rest: 'intro', complete: true });
    expect(pick(sectioned, ['intro'])).toEqual({ section: 'guide', siteSpace: 'g1', rest: 'intro', complete: true });
    expect(pick(sectioned, ['guide', 'v2'])).toEqual({ section: 'guide', siteSpace: 'g2', rest: '', complete: true });
    expect(pick(sectioned, ['guide', 'latest'])).toEqual({ section: 'guide', siteSpace: 'g1', rest: 'latest', complete: true });
    expect(pick(sectioned, ['sdk', 'python'])).toEqual({ section: 'sdk', siteSpace: 's2', rest: 'python', complete: true });
    expect(pick(oneSection, ['only', 'page'])).toEqual({ section: 'only', siteSpace: 'o1', rest: 'page', complete: true });
    expect(pick(oneSection, ['page'])).toEqual({ section: 'only', siteSpace: 'o1', rest: 'page', complete: true });
  });

  it('gives every longer path of a complete one the same section and site space, its extra segments on the page path', () => {
    // Every path of up to four of these words: section paths, variant paths (defaults' too), page words.
    const words = ['guide', 'sdk', 'v2', 'python', 'js', 'only', 'intro'];
    let paths: string[][] = [[]];
    for (let length = 1, last = paths; length <= 4; length++) {
      last = last.flatMap((path) => words.map((w) => [...path, w]));
      paths = [...paths, ...last];
    }
    const broken: unknown[] = [];
    let checked = 0;
    for (const shape of [plain, variants, sectioned, oneSection]) {
      for (const full of paths) {
        const whole = pick(shape, full);
        for (let cut = 0; cut < full.length; cut++) {
          const prefix = pick(shape, full.slice(0, cut));
          if (!prefix.complete) continue;
          checked++;
          const joined = [prefix.rest, ...full.slice(cut)].filter((s) => s !== '').join('/');
          if (prefix.section !== whole.section || prefix.siteSpace !== whole.siteSpace || joined !== whole.rest) broken.push({ full, cut, prefix, whole });
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});

import { mergeFolderRedirects } from './merge-folder-redirects';

const r = (source: string, target: string, page?: string) => ({ source, target, ...(page ? { page } : {}) });

describe('mergeFolderRedirects', () => {
  it("takes each side's additions, changes and removals, main's order first", () => {
    const base = [r('a', 'a.md', 'pa'), r('b', 'b.md'), r('c', 'c.md')];
    const main = [r('c', 'c.md'), r('a', 'a2.md', 'pa'), r('m', 'm.md')];
    const request = [r('a', 'a.md', 'pa'), r('b', 'b.md'), r('c', 'c.md'), r('x', 'x.md', 'px')];
    // b: removed on main; a: changed on main; m: added on main; x: added on the request.
    expect(mergeFolderRedirects(base, main, request)).toEqual({ redirects: [r('c', 'c.md'), r('a', 'a2.md', 'pa'), r('m', 'm.md'), r('x', 'x.md', 'px')], conflicts: [] });
  });

  it('takes a change both sides made alike', () =>
    expect(mergeFolderRedirects([r('a', 'a.md')], [r('a', 'b.md')], [r('a', 'b.md')])).toEqual({ redirects: [r('a', 'b.md')], conflicts: [] }));

  it('is a conflict where both sides changed one source differently, or one changed what the other removed', () => {
    expect(mergeFolderRedirects([r('a', 'a.md')], [r('a', 'b.md')], [r('a', 'c.md')]).conflicts).toEqual([
      { source: 'a', kind: 'folder-redirect', base: { target: 'a.md' }, main: { target: 'b.md' }, changeRequest: { target: 'c.md' } },
    ]);
    expect(mergeFolderRedirects([r('a', 'a.md')], [], [r('a', 'c.md')]).conflicts).toEqual([
      { source: 'a', kind: 'folder-redirect', base: { target: 'a.md' }, main: null, changeRequest: { target: 'c.md' } },
    ]);
  });
});

import { PageNode } from '../tree/tree.model';
import { filePaths, includePaths, LayoutPage, pagePaths } from './folder-layout';

const page = (id: string, p: Partial<LayoutPage> = {}): LayoutPage => ({ id, type: 'document', parent: null, slug: id, children: [], ...p });

describe('folder layout', () => {
  it("lays pages out as GitBook does: the first page is README.md, a page with subpages slug/README.md, a group a directory", () => {
    const pages: LayoutPage[] = [
      page('home', { slug: 'welcome' }),
      page('g', { type: 'group', slug: 'start', children: ['guide', 'faq'] }),
      page('guide', { parent: 'g', children: ['install'] }),
      page('install', { parent: 'guide' }),
      page('faq', { parent: 'g' }),
      page('about'),
      page('link', { type: 'link' as PageNode['type'] }),
    ];
    expect(Object.fromEntries(pagePaths(pages, ['SUMMARY.md']))).toEqual({
      home: 'README.md',
      guide: 'start/guide/README.md',
      install: 'start/guide/install.md',
      faq: 'start/faq.md',
      about: 'about.md',
    });
  });

  it('keeps the path a page came from and lays the others out around it, never on the same file (case-insensitive)', () => {
    const pages = [
      page('a', { git: { oid: 'x', path: 'docs/Intro.md' }, children: ['b'] }),
      page('b', { parent: 'a', slug: 'b' }),
      page('c', { slug: 'intro', parent: null, git: { oid: 'y', path: '../escape.md' } }),
      page('d', { slug: 'summary' }),
    ];
    const paths = pagePaths(pages, ['SUMMARY.md']);
    expect(paths.get('a')).toBe('docs/Intro.md');
    expect(paths.get('b')).toBe('docs/Intro/b.md');
    expect(paths.get('c')).toBe('intro.md');
    expect(paths.get('d')).toBe('summary-2.md');
  });

  it('puts files under .gitbook/assets by name, numbering clashes, and includes under .gitbook/includes', () => {
    const files = [
      { id: 'f1', name: 'a.png' },
      { id: 'f2', name: 'a.png' },
      { id: 'f3', name: '../evil.png' },
      { id: 'f4', name: 'kept.png', git: { oid: 'o', path: 'images/kept.png' } },
    ];
    expect(Object.fromEntries(filePaths(files, new Set()))).toEqual({
      f1: '.gitbook/assets/a.png',
      f2: '.gitbook/assets/a (1).png',
      f3: '.gitbook/assets/_evil.png',
      f4: 'images/kept.png',
    });
    expect(Object.fromEntries(includePaths([{ id: 'r', title: 'Sign up!' }, { id: 's', title: 'Sign up' }]))).toEqual({
      r: '.gitbook/includes/sign-up.md',
      s: '.gitbook/includes/sign-up-2.md',
    });
  });
});

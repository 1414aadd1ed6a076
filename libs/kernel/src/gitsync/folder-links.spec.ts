import { FolderLinks } from './folder-links';
import { gitBlobOid } from './git-blob';

const links = new FolderLinks({
  pages: [
    ['README.md', 'home'],
    ['guides/README.md', 'guides'],
    ['guides/setup.md', 'setup'],
  ],
  files: [['.gitbook/assets/a b.png', 'f1']],
  includes: [['.gitbook/includes/signup.md', 'rc1']],
});

describe('folder links', () => {
  const setup = links.of('guides/setup.md');

  it('reads relative page, anchor, asset and include targets as references, and anything else as the API does', () => {
    expect(setup.refOfTarget('../README.md', 'link')).toEqual({ kind: 'page', page: 'home' });
    expect(setup.refOfTarget('README.md#intro', 'link')).toEqual({ kind: 'anchor', anchor: 'intro', page: 'guides' });
    expect(setup.refOfTarget('#here', 'link')).toEqual({ kind: 'anchor', anchor: 'here' });
    expect(setup.refOfTarget('setup.md#here', 'link')).toEqual({ kind: 'anchor', anchor: 'here', page: 'setup' });
    expect(setup.refOfTarget('../.gitbook/assets/a%20b.png', 'image')).toEqual({ kind: 'file', file: 'f1' });
    expect(setup.refOfTarget('../.gitbook/assets/a b.png', 'file')).toEqual({ kind: 'file', file: 'f1' });
    expect(setup.refOfTarget('../.gitbook/includes/signup.md', 'include')).toEqual({ kind: 'reusable-content', reusableContent: 'rc1' });
    expect(setup.refOfTarget('https://example.com/x.md', 'link')).toEqual({ kind: 'url', url: 'https://example.com/x.md' });
    expect(setup.refOfTarget('../../outside.md', 'link')).toEqual({ kind: 'url', url: '../../outside.md' });
  });

  it('writes references relative to the page, and what is not in the folder in the API form', () => {
    expect(setup.targetOfRef({ kind: 'page', page: 'home' }, 'link')).toBe('../README.md');
    // A same-page anchor is written as it was read: `#x` without a page, `setup.md#x` (GitBook's form) with one.
    expect(setup.targetOfRef({ kind: 'anchor', anchor: 'x' }, 'link')).toBe('#x');
    expect(setup.targetOfRef({ kind: 'anchor', anchor: 'x', page: 'setup' }, 'link')).toBe('setup.md#x');
    expect(setup.targetOfRef({ kind: 'anchor', anchor: 'x', page: 'guides' }, 'link')).toBe('README.md#x');
    expect(setup.targetOfRef({ kind: 'file', file: 'f1' }, 'image')).toBe('../.gitbook/assets/a b.png');
    expect(setup.targetOfRef({ kind: 'reusable-content', reusableContent: 'rc1' }, 'include')).toBe('../.gitbook/includes/signup.md');
    expect(setup.targetOfRef({ kind: 'page', page: 'elsewhere' }, 'link')).toBe('/pages/elsewhere');
    expect(setup.targetOfRef({ kind: 'page', page: 'home', space: 's2' }, 'link')).toBe('/spaces/s2/pages/home');
    expect(links.of('README.md').targetOfRef({ kind: 'page', page: 'setup' }, 'link')).toBe('guides/setup.md');
  });

  it('crosses a thread as plain data', () => {
    expect(structuredClone(links.data)).toEqual(links.data);
  });

  it("computes a file's git blob id as git does", () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(gitBlobOid(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });
});

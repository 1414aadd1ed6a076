import { Readable } from 'node:stream';
import { readFolderContents } from './folder-contents';
import { MemoryFolder } from './memory-folder';

describe('a folder as the import reads it', () => {
  it('takes the content under .gitbook.yaml\'s root: the pages SUMMARY.md lists, assets, includes, vars; not hidden files, scripts or unlisted Markdown', async () => {
    const folder = await readFolderContents(
      new MemoryFolder([
        ['.gitbook.yaml', 'root: ./docs/\n'],
        ['README.md', '# Outside the root\n'],
        ['docs/SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Setup](<setup guide.md>)\n'],
        ['docs/README.md', '# Home\n'],
        ['docs/setup guide.md', '# Setup\n'],
        ['docs/notes.md', '# Not listed\n'],
        ['docs/images/shot.png', 'png'],
        ['docs/build.sh', 'echo'],
        ['docs/.github/logo.png', 'png'],
        ['docs/.gitbook/assets/a.bin', 'bytes'],
        ['docs/.gitbook/includes/note.md', '# Note\n'],
        ['docs/.gitbook/vars.yaml', 'a: 1\n'],
      ]),
    );
    expect(folder.pages).toEqual(['README.md', 'setup guide.md']);
    expect(folder.assets).toEqual(['.gitbook/assets/a.bin', 'images/shot.png']);
    expect(folder.includes).toEqual(['.gitbook/includes/note.md']);
    expect(folder.vars).toBe('a: 1\n');
  });

  it('infers the structure without SUMMARY.md: README.md first, a directory with a README.md a page holding the others', async () => {
    const folder = await readFolderContents(
      new MemoryFolder([
        ['README.md', '# Home\n'],
        ['b.md', '# B\n'],
        ['guide/README.md', '# Guide\n'],
        ['guide/install.md', '# Install\n'],
        ['loose/deep/page.md', '# Deep\n'],
      ]),
    );
    expect(folder.toc).toEqual([
      { kind: 'page', title: 'readme', path: 'README.md', children: [] },
      { kind: 'page', title: 'b', path: 'b.md', children: [] },
      { kind: 'page', title: 'guide', path: 'guide/README.md', children: [{ kind: 'page', title: 'install', path: 'guide/install.md', children: [] }] },
      { kind: 'page', title: 'page', path: 'loose/deep/page.md', children: [] },
    ]);
  });

  it('refuses a path leaving the folder and a root leaving it', async () => {
    const escaping = { list: async () => [{ path: '../x.md', size: 1, open: async () => Readable.from([]) }] };
    await expect(readFolderContents(escaping)).rejects.toThrow(/not a path inside/);
    await expect(readFolderContents(new MemoryFolder([['.gitbook.yaml', 'root: ../up\n']]))).rejects.toThrow(/leaves the folder/);
  });
});

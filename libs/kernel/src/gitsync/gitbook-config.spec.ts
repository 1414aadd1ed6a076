import { folderRedirectsOf, readGitBookConfig, writeGitBookConfig } from './gitbook-config';
import { readVars, writeVars } from './folder-vars';

describe('.gitbook.yaml', () => {
  it('reads root, structure and redirects, defaults for what is left out, and writes them back', () => {
    const config = readGitBookConfig('root: ./docs/\nstructure:\n  readme: ./intro.md\nredirects:\n  old: new.md\n');
    expect(config).toEqual({ root: 'docs', readme: 'intro.md', summary: 'SUMMARY.md', redirects: new Map([['old', 'new.md']]) });
    expect(readGitBookConfig(writeGitBookConfig(config))).toEqual(config);
    expect(readGitBookConfig('')).toEqual({ root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: new Map() });
  });

  it('refuses a root leaving the folder and a file that is not a mapping', () => {
    expect(() => readGitBookConfig('root: ../up')).toThrow(/leaves the folder/);
    expect(() => readGitBookConfig('- a')).toThrow(/not a mapping/);
  });
});

describe('.gitbook/vars.yaml', () => {
  it('reads variables (a __proto__ name stays a variable) and writes them sorted', () => {
    const vars = readVars('version: "2.1"\nbeta: true\n__proto__: x\ncount: 3\n');
    expect(Object.getPrototypeOf(vars)).toBe(Object.prototype);
    expect(Object.hasOwn(vars, '__proto__')).toBe(true);
    expect(writeVars(vars)).toBe('__proto__: x\nbeta: true\ncount: 3\nversion: "2.1"\n');
    expect(readVars(writeVars(vars)!)).toEqual(vars);
    expect(writeVars({})).toBeUndefined();
  });

  it('refuses values the spec does not allow', () => {
    expect(() => readVars('a: [1]')).toThrow(/must be a boolean, a number or a string/);
    expect(() => readVars(`a: ${'x'.repeat(300)}`)).toThrow(/256/);
  });
});

describe('folderRedirectsOf', () => {
  it('keeps each redirect as written, with the page its file is when it is one', () => {
    const config = readGitBookConfig('redirects:\n  old: ./guides/new.md\n  /abs/: /guides/new.md\n  gone: nowhere.md\n  __proto__: guides/new.md\n');
    expect(folderRedirectsOf(config, new Map([['guides/new.md', 'p1']]))).toEqual([
      { source: 'old', target: './guides/new.md', page: 'p1' },
      { source: '/abs/', target: '/guides/new.md', page: 'p1' },
      { source: 'gone', target: 'nowhere.md' },
      { source: '__proto__', target: 'guides/new.md', page: 'p1' },
    ]);
  });
});

import { Invalid } from '@folio/platform/domain/errors';
import { folderPath, MAX_PATH_LENGTH } from './zip-entry-path';

describe('folderPath', () => {
  it('keeps a relative path as it is', () => {
    expect(folderPath('guides/install/README.md')).toBe('guides/install/README.md');
    expect(folderPath('.gitbook/assets/logo (1).png')).toBe('.gitbook/assets/logo (1).png');
  });

  it('drops ./ and empty segments, and a directory entry\'s trailing slash', () => {
    expect(folderPath('./guides//install/./README.md')).toBe('guides/install/README.md');
    expect(folderPath('guides/')).toBe('guides');
  });

  it('writes a decomposed name (as macOS zips it) composed, so one file has one path', () => {
    expect(folderPath('re\u0301sume\u0301.md')).toBe('r\u00e9sum\u00e9.md');
  });

  it.each([
    ['/etc/passwd', 'is an absolute path'],
    ['C:/Windows/win.ini', 'is an absolute path'],
    ['c:relative', 'is an absolute path'],
    ['../outside.md', 'climbs out of the folder with ..'],
    ['guides/../../outside.md', 'climbs out of the folder with ..'],
    ['guides\\..\\outside.md', 'has a backslash in its name: paths in a zip are written with /'],
    ['name\u0000.md', 'has control characters in its name'],
    ['line\nbreak.md', 'has control characters in its name'],
    ['./', 'has no name'],
    ['', 'has no name'],
  ])('refuses %j: it %s', (name, why) => {
    expect(() => folderPath(name)).toThrow(new Invalid(`The zip entry ${JSON.stringify(name)} ${why}`));
  });

  it(`refuses a path longer than ${MAX_PATH_LENGTH} characters`, () => {
    expect(folderPath('a/'.repeat(MAX_PATH_LENGTH / 2 - 1) + 'bc')).toHaveLength(MAX_PATH_LENGTH);
    expect(() => folderPath('a/'.repeat(MAX_PATH_LENGTH / 2) + 'b')).toThrow(/longer than 1024 characters/);
  });
});

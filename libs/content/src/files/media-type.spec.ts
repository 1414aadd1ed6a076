import { mediaTypeEssence, normalizeMediaType } from './media-type';

describe('normalizeMediaType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['Image/PNG', 'image/png'],
    [' text/plain ', 'text/plain'],
    ['text/plain; charset=UTF-8', 'text/plain; charset=UTF-8'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['image/svg+xml', 'image/svg+xml'],
    ['multipart/form-data;boundary="a b\\"c"', 'multipart/form-data;boundary="a b\\"c"'],
  ])('accepts %j as %j', (text, normalized) => {
    expect(normalizeMediaType(text)).toBe(normalized);
  });

  it.each([
    ['', 'empty'],
    ['png', 'no subtype'],
    ['image/', 'an empty subtype'],
    ['/png', 'an empty type'],
    ['image/png/x', 'two slashes'],
    ['image /png', 'a space in the name'],
    ['text/plain; charset', 'a parameter without a value'],
    ['text/plain; charset="open', 'an unclosed quote'],
    ['text/html\r\nX-Injected: 1', 'a line break'],
    [`${'a'.repeat(128)}/b`, 'a type name over 127 characters'],
    [`text/plain; p=${'x'.repeat(250)}`, 'over 256 characters'],
  ])('refuses %j (%s)', (text) => {
    expect(normalizeMediaType(text)).toBeNull();
  });
});

describe('mediaTypeEssence', () => {
  it('is the lowercased type and subtype without parameters', () => {
    expect(mediaTypeEssence('Image/PNG; q=1')).toBe('image/png');
  });
});

import { Invalid } from '@folio/platform/domain/errors';
import { decodeStrictBase64 } from './strict-base64';

describe('decodeStrictBase64', () => {
  it.each([
    ['', ''],
    ['QQ==', 'A'],
    ['QUI=', 'AB'],
    ['QUJD', 'ABC'],
    ['+/+/', Buffer.from([0xfb, 0xff, 0xbf]).toString('latin1')],
  ])('decodes %j', (text, bytes) => {
    expect(decodeStrictBase64(text, 100).toString('latin1')).toBe(bytes);
  });

  it.each([
    ['a space', 'QU JD', /" " at character 2/],
    ['a line break', 'QUJD\nQUJD', /"\\n" at character 4/],
    ['URL-safe characters', 'ab-_', /"-" at character 2/],
    ['missing padding', 'QQ', /not a multiple of 4/],
    ['padding in the middle', 'QQ==QUJD', /padding before its end/],
    ['three padding characters', 'Q===', /padding before its end/],
    ['non-zero unused bits', 'QR==', /non-zero bits/],
  ])('refuses %s, which Buffer.from would skip or guess at', (_what, text, message) => {
    expect(() => decodeStrictBase64(text, 100)).toThrow(Invalid);
    expect(() => decodeStrictBase64(text, 100)).toThrow(message);
  });

  it('accepts exactly the limit and refuses one byte more, before decoding', () => {
    expect(decodeStrictBase64(Buffer.alloc(1024).toString('base64'), 1024)).toHaveLength(1024);
    const over = Buffer.alloc(1025).toString('base64');
    expect(() => decodeStrictBase64(over, 1024)).toThrow('base64 holds 1025 bytes, over the limit of 1024 bytes');
    // Too large is said first, even when the text is not base64 at all.
    expect(() => decodeStrictBase64('!'.repeat(2000), 1024)).toThrow(/over the limit/);
  });
});

/** RFC 5987's attr-char: what a `filename*` value may hold unescaped. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * `inline` with the file's name twice: `filename*` (RFC 5987/6266: UTF-8, percent-encoded byte by byte)
 * for every client of this century, and an ASCII `filename` fallback with everything else replaced by
 * `_`, quotes and backslashes included, so no name can break out of the header.
 */
export function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  let encoded = '';
  for (const byte of Buffer.from(name, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** What to answer a `Range` header with, for a representation of `size` bytes. */
export type RangeAnswer =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))$/;

/**
 * One byte range (RFC 9110 §14): `bytes=first-last`, `bytes=first-` or `bytes=-suffixLength`, the end
 * clamped to the size. A header that is malformed, names another unit or asks for several ranges is
 * ignored (the whole representation is sent, as the RFC allows); a well-formed range that starts past
 * the end, or a zero suffix, cannot be satisfied.
 */
export function byteRange(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first, last, suffix] = match;
  if (suffix !== undefined) {
    const length = Number(suffix);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

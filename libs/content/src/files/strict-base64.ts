import { Invalid } from '@folio/platform/domain/errors';

const ALPHABET = /[^A-Za-z0-9+/=]/;
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes standard base64 (RFC 4648 §4) strictly: padded, no whitespace, no URL-safe characters, unused
 * bits zero. `Buffer.from(text, 'base64')` skips what it cannot read, so a truncated or mangled upload
 * would be stored as other bytes than were sent; here it is refused, saying why. The size is checked
 * before anything is decoded.
 */
export function decodeStrictBase64(text: string, maxBytes: number): Buffer {
  const size = decodedSize(text);
  if (size > maxBytes) throw new Invalid(`base64 holds ${size} bytes, over the limit of ${maxBytes} bytes`);
  const stray = ALPHABET.exec(text);
  if (stray) throw new Invalid(`base64 has ${JSON.stringify(stray[0])} at character ${stray.index}, which is not in the base64 alphabet`);
  if (text.length % 4 !== 0) throw new Invalid(`base64 is ${text.length} characters long, not a multiple of 4 (is it padded with "="?)`);
  if (!CANONICAL.test(text)) throw new Invalid('base64 has "=" padding before its end');
  const bytes = Buffer.from(text, 'base64');
  // Two encodings differing only in the unused bits of the last character decode alike: only the one
  // with zero bits is canonical.
  if (bytes.toString('base64') !== text) throw new Invalid('base64 has non-zero bits after its last byte');
  return bytes;
}

/** The byte count `text` encodes if it is well formed (an upper bound otherwise). */
function decodedSize(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

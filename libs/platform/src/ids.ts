import { randomBytes, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters from the CSPRNG, without modulo bias (bytes >= 248 are redrawn). */
export function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * A resource id: 20 base62 characters with at least one letter, because change-request numbers stand
 * in for ids in paths and an all-digit id would be ambiguous with them.
 */
export function newId(): string {
  for (;;) {
    const id = base62(20);
    if (/[A-Za-z]/.test(id)) return id;
  }
}

export function newEventId(): string {
  return randomUUID();
}

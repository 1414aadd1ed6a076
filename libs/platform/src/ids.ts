import { randomBytes } from 'node:crypto';
import { v7 as uuidV7 } from 'uuid';

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

/**
 * An event id: a UUID (EventStoreDB's format) of version 7, which starts with the time. Ids made one after
 * another sort one after another, so the indexes on them (the log's unique event id, the audit trail's
 * primary key) grow at their right edge: a commit rewrites one index page, not one random page per event
 * (measured: a fifth of the pages a PATCH wrote to the two WALs).
 */
export function newEventId(): string {
  return uuidV7();
}

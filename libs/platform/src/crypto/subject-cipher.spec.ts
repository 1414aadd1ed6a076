import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../clock';
import { Sealed } from '../domain/sealed';
import { SealedValueRejected, SubjectCipher } from './subject-cipher';
import { DEFAULT_SUBJECT_KEY_CACHE } from './subject-key-cache';
import { SqliteSubjectKeys } from './sqlite/sqlite-subject-keys';
import { SubjectErased, SubjectKeys } from './subject-keys.port';

const A = 'conversation:org:a';
const B = 'conversation:org:b';
const value = { subject: 'Cannot publish my space', parts: [{ role: 'user', body: 'The button fails with an error' }], n: 3 };

/** Counts the store's reads, to tell what the cache answered. */
function counted(keys: SubjectKeys) {
  const calls = { keyFor: 0, find: 0 };
  const wrapped: SubjectKeys = {
    keyFor: (s) => (calls.keyFor++, keys.keyFor(s)),
    find: (s) => (calls.find++, keys.find(s)),
    destroy: (s) => keys.destroy(s),
    close: () => keys.close(),
  };
  return { wrapped, calls };
}

/** A sealed value with one of its base64 fields altered in one bit. */
function flipped(sealed: Sealed, field: 'iv' | 'tag' | 'data'): Sealed {
  const bytes = Buffer.from(sealed[field], 'base64');
  bytes[0] ^= 0x01;
  return { ...sealed, [field]: bytes.toString('base64') };
}

describe('SubjectCipher', () => {
  let dir: string;
  let keys: SqliteSubjectKeys;
  let clock: ManualClock;
  let cipher: SubjectCipher;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-cipher-'));
    keys = new SqliteSubjectKeys(join(dir, 'keys.db'));
    clock = new ManualClock();
    cipher = new SubjectCipher(keys, clock);
  });
  afterEach(async () => {
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens what it sealed, and seals the same value differently each time (a fresh IV)', async () => {
    const first = await cipher.seal(A, value);
    const second = await cipher.seal(A, value);
    expect(first.alg).toBe('A256GCM');
    expect(Buffer.from(first.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(first.tag, 'base64')).toHaveLength(16);
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
    expect(await cipher.open(A, first)).toEqual(value);
    expect(await cipher.open(A, second)).toEqual(value);
    // Nothing of the value is readable in what is stored.
    expect(JSON.stringify(first)).not.toMatch(/publish|button/);
    // Any JSON value, strings and null included.
    expect(await cipher.open(A, await cipher.seal(A, 'plain text'))).toBe('plain text');
    expect(await cipher.open(A, await cipher.seal(A, null))).toBeNull();
  });

  it('opens with another instance over the same key store (the key is the store’s, not the process’s)', async () => {
    const sealed = await cipher.seal(A, value);
    expect(await new SubjectCipher(keys, clock).open(A, sealed)).toEqual(value);
  });

  it('binds a sealed value to its subject: moved to another subject, it does not open', async () => {
    const sealed = await cipher.seal(A, value);
    await cipher.seal(B, 'B has a key too');
    await expect(cipher.open(B, sealed)).rejects.toThrow(SealedValueRejected);
  });

  it('throws on a tampered value, never answers it as erased', async () => {
    const sealed = await cipher.seal(A, value);
    for (const field of ['iv', 'tag', 'data'] as const) {
      await expect(cipher.open(A, flipped(sealed, field))).rejects.toThrow(SealedValueRejected);
    }
    await expect(cipher.open(A, { ...sealed, data: sealed.data.slice(0, -4) })).rejects.toThrow(SealedValueRejected);
    await expect(cipher.open(A, { ...sealed, tag: '!!!!' })).rejects.toThrow(/not base64/);
    await expect(cipher.open(A, { ...sealed, iv: Buffer.alloc(16).toString('base64') })).rejects.toThrow(/length/);
    await expect(cipher.open(A, { ...sealed, alg: 'none' } as unknown as Sealed)).rejects.toThrow(/not a sealed value/);
    await expect(cipher.open(A, null as unknown as Sealed)).rejects.toThrow(/not a sealed value/);
  });

  it('answers null once the subject is erased, and for a subject that never had a key; sealing an erased one is refused', async () => {
    const sealed = await cipher.seal(A, value);
    const fromB = await cipher.seal(B, 'kept');
    await cipher.erase(A);
    await cipher.erase(A);
    expect(await cipher.open(A, sealed)).toBeNull();
    expect(await new SubjectCipher(keys, clock).open(A, sealed)).toBeNull();
    await expect(cipher.seal(A, value)).rejects.toThrow(SubjectErased);
    await expect(cipher.fingerprint(A, value)).rejects.toThrow(SubjectErased);
    expect(await cipher.open(B, fromB)).toBe('kept');
    expect(await cipher.open('conversation:org:never', sealed)).toBeNull();
  });

  it('fingerprints equal values equally (canonical JSON), under a key of the subject’s own', async () => {
    const print = await cipher.fingerprint(A, { b: 1, a: [1, 'x'] });
    expect(print).toMatch(/^[0-9a-f]{64}$/);
    expect(await cipher.fingerprint(A, { a: [1, 'x'], b: 1 })).toBe(print);
    expect(await new SubjectCipher(keys, clock).fingerprint(A, { a: [1, 'x'], b: 1 })).toBe(print);
    expect(await cipher.fingerprint(A, { a: [1, 'x'], b: 2 })).not.toBe(print);
    // Keyed: another subject's fingerprint of the same value is unrelated.
    expect(await cipher.fingerprint(B, { b: 1, a: [1, 'x'] })).not.toBe(print);
  });

  it('refuses what has no JSON form rather than sealing something else', async () => {
    await expect(cipher.seal(A, { when: new Date(0) })).rejects.toThrow(/not a JSON value/);
    await expect(cipher.fingerprint(A, [undefined])).rejects.toThrow(/missing/);
  });

  it('caches keys, and holds one erased by another process no longer than the TTL', async () => {
    const { wrapped, calls } = counted(keys);
    const reader = new SubjectCipher(wrapped, clock);
    const sealed = await cipher.seal(A, value);
    expect(await reader.open(A, sealed)).toEqual(value);
    expect(await reader.open(A, sealed)).toEqual(value);
    expect(calls.find).toBe(1);

    // Another process (its own cipher) erases A: this one may still open it while its cached key is fresh...
    await cipher.erase(A);
    clock.advance(DEFAULT_SUBJECT_KEY_CACHE.ttlMs - 1);
    expect(await reader.open(A, sealed)).toEqual(value);
    // ...and no longer once the TTL has passed.
    clock.advance(1);
    expect(await reader.open(A, sealed)).toBeNull();
    expect(calls.find).toBe(2);
  });

  it('forgets an erased key at once in the process that erased it, even if a read of it was under way', async () => {
    const sealed = await cipher.seal(A, value);
    // A store whose read answers only when let go (a remote one, slow): it read the key before the destroy.
    let answer!: () => void;
    const slow: SubjectKeys = {
      keyFor: (s) => keys.keyFor(s),
      close: () => keys.close(),
      find: async (s) => {
        const key = await keys.find(s);
        await new Promise<void>((resolve) => (answer = resolve));
        return key;
      },
      destroy: (s) => keys.destroy(s),
    };
    const fresh = new SubjectCipher(slow, clock);
    const reading = fresh.open(A, sealed);
    await fresh.erase(A);
    answer();
    expect(await reading).toEqual(value);
    await expect(fresh.seal(A, value)).rejects.toThrow(SubjectErased);
    expect(await new SubjectCipher(keys, clock).open(A, sealed)).toBeNull();
    // Not cached: the next open asks the store, which has no key.
    const next = fresh.open(A, sealed);
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    expect(await next).toBeNull();
  });
});

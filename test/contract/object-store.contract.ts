import { createHash, randomBytes } from 'node:crypto';
import {
  ContentObjectCorrupted,
  ContentObjectStore,
  ContentObjectTooLarge,
  MAX_CONTENT_OBJECT_BYTES,
} from '@folio/platform/object-store/content-object-store.port';

export interface ObjectStoreFixture {
  /** A store on fresh or shared storage; tests use random objects, so a shared server is fine. */
  open(): Promise<ContentObjectStore>;
  /** A second, independent connection to the same storage (another process, as far as it can tell). */
  openSecond(): Promise<ContentObjectStore>;
  /** Leaves `bytes` stored under `hash` behind the store's back, as a damaged disk or a rogue writer would. */
  plant(hash: string, bytes: Buffer): Promise<void>;
  cleanup(): Promise<void>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Unique per test run, so a shared server never holds it already. */
const object = (size = 64) => randomBytes(size);
/** Jest compares Buffers byte by byte through its generic equality, seconds for a few hundred KB: compare hex. */
const hex = (objects: (Buffer | null)[]) => objects.map((bytes) => bytes?.toString('hex') ?? null);

/** One suite, run against every adapter of the content-object-store port. */
export function objectStoreContract(name: string, fixture: () => ObjectStoreFixture) {
  describe(`content object store contract: ${name}`, () => {
    let f: ObjectStoreFixture;
    let store: ContentObjectStore;

    beforeEach(async () => {
      f = fixture();
      store = await f.open();
    });
    afterEach(async () => {
      await store.close();
      await f.cleanup();
    });

    it('names objects by the SHA-256 of their bytes and reads them back intact', async () => {
      const [a, b] = [object(), Buffer.from('{"type":"document","nodes":[]}')];
      const hashes = await store.put([a, b]);
      expect(hashes).toEqual([sha256(a), sha256(b)]);
      expect(await store.get(hashes[0])).toEqual(a);
      expect(await store.get(hashes[1])).toEqual(b);
      expect(await store.has(hashes[0])).toBe(true);
    });

    it('takes any Uint8Array, a view into a larger buffer included', async () => {
      const backing = object(100);
      const view = new Uint8Array(backing.buffer, backing.byteOffset + 10, 50);
      const [hash] = await store.put([view]);
      expect(hash).toBe(sha256(backing.subarray(10, 60)));
      expect(await store.get(hash)).toEqual(backing.subarray(10, 60));
    });

    it('stores the empty object', async () => {
      const [hash] = await store.put([Buffer.alloc(0)]);
      expect(hash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
      expect(await store.get(hash)).toEqual(Buffer.alloc(0));
    });

    it('answers null and false for an object never stored', async () => {
      const hash = sha256(object());
      expect(await store.get(hash)).toBeNull();
      expect(await store.has(hash)).toBe(false);
    });

    it('treats putting an object again as a no-op, also twice in one call', async () => {
      const a = object();
      const [first] = await store.put([a]);
      expect(await store.put([a, a])).toEqual([first, first]);
      expect(await store.get(first)).toEqual(a);
      expect(await store.put([])).toEqual([]);
    });

    it('lets many writers on two connections put the same objects at once, every one succeeding', async () => {
      const [a, b] = [object(), object(200_000)];
      const second = await f.openSecond();
      try {
        const writers = Array.from({ length: 10 }, (_, i) => (i % 2 ? second : store));
        const results = await Promise.all(writers.map((w, i) => w.put(i % 3 ? [a, b] : [b, a])));
        for (const [i, hashes] of results.entries()) {
          expect(hashes).toEqual(i % 3 ? [sha256(a), sha256(b)] : [sha256(b), sha256(a)]);
        }
        expect(hex(await second.getMany([sha256(a), sha256(b)]))).toEqual(hex([a, b]));
        expect(hex(await store.getMany([sha256(a), sha256(b)]))).toEqual(hex([a, b]));
      } finally {
        await second.close();
      }
    });

    it('shows an object put through one connection to another once put resolves', async () => {
      const second = await f.openSecond();
      try {
        const a = object();
        const [hash] = await store.put([a]);
        expect(await second.get(hash)).toEqual(a);
      } finally {
        await second.close();
      }
    });

    it('answers getMany in the order asked, with null for each miss and repeats repeated', async () => {
      const [a, b] = [object(), object()];
      const [ha, hb] = await store.put([a, b]);
      const missing = sha256(object());
      expect(await store.getMany([hb, missing, ha, hb])).toEqual([b, null, a, b]);
      expect(await store.getMany([])).toEqual([]);
    });

    it('refuses to serve bytes that do not hash to the name they are stored under', async () => {
      const [good, bad] = [object(), object()];
      const hash = sha256(good);
      await f.plant(hash, bad);
      await expect(store.get(hash)).rejects.toBeInstanceOf(ContentObjectCorrupted);
      await expect(store.getMany([sha256(object()), hash])).rejects.toThrow(`content object ${hash} is corrupted`);
    });

    it('refuses a malformed hash', async () => {
      const upper = sha256(object()).toUpperCase();
      await expect(store.get(upper)).rejects.toThrow(/not a SHA-256 hex hash/);
      await expect(store.has('../etc')).rejects.toThrow(/not a SHA-256 hex hash/);
      await expect(store.getMany(['abc'])).rejects.toThrow(/not a SHA-256 hex hash/);
    });

    it('stores and reads a 5 MB object', async () => {
      const large = object(5 * 1024 * 1024);
      const [hash] = await store.put([large]);
      expect(hash).toBe(sha256(large));
      expect(hex([await store.get(hash)])).toEqual(hex([large]));
    }, 60_000);

    it('refuses an object over 7 MiB (what an EventStoreDB event holds in the compose setup) as too large, storing none of the call', async () => {
      const small = object();
      const large = Buffer.alloc(MAX_CONTENT_OBJECT_BYTES + 1);
      await expect(store.put([small, large])).rejects.toThrow(ContentObjectTooLarge);
      expect(await store.has(sha256(small))).toBe(false);
      expect(await store.has(sha256(large))).toBe(false);
    }, 60_000);
  });
}

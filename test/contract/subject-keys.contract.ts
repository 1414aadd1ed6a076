import { randomUUID } from 'node:crypto';
import { SubjectErased, SubjectKeys } from '@folio/platform/crypto/subject-keys.port';

export interface SubjectKeysFixture {
  /** A store on fresh or shared storage; tests use random subjects, so a shared server is fine. */
  open(): Promise<SubjectKeys>;
  cleanup(): Promise<void>;
}

/** Unique per test run, so a shared server never holds it already. */
const subject = () => `conversation:test:${randomUUID()}`;
const hex = (key: Buffer | null) => key?.toString('hex') ?? null;

/** One suite, run against every adapter of the subject-keys port. */
export function subjectKeysContract(name: string, fixture: () => SubjectKeysFixture) {
  describe(`subject keys contract: ${name}`, () => {
    let f: SubjectKeysFixture;
    let keys: SubjectKeys;
    const opened: SubjectKeys[] = [];
    /** Another connection to the same storage (another process, as far as it can tell). */
    const openAnother = async () => {
      const another = await f.open();
      opened.push(another);
      return another;
    };

    beforeEach(async () => {
      f = fixture();
      keys = await f.open();
    });
    afterEach(async () => {
      for (const another of opened.splice(0)) await another.close();
      await keys.close();
      await f.cleanup();
    });

    it('makes a subject a 32-byte key on its first ask and answers the same key after', async () => {
      const s = subject();
      expect(await keys.find(s)).toBeNull();
      const key = await keys.keyFor(s);
      expect(key).toHaveLength(32);
      expect(hex(await keys.keyFor(s))).toBe(hex(key));
      expect(hex(await keys.find(s))).toBe(hex(key));
      // Another subject, another key.
      expect(hex(await keys.keyFor(subject()))).not.toBe(hex(key));
    });

    it('gives concurrent first asks, through two connections, one key', async () => {
      const other = await openAnother();
      const subjects = Array.from({ length: 20 }, subject);
      const answers = await Promise.all(subjects.flatMap((s) => [keys.keyFor(s), other.keyFor(s), keys.keyFor(s), other.keyFor(s)]));
      subjects.forEach((s, i) => {
        const four = answers.slice(i * 4, i * 4 + 4).map(hex);
        expect(new Set(four).size).toBe(1);
      });
      expect(new Set(answers.map(hex)).size).toBe(subjects.length);
    });

    it('destroys a key for good, idempotently: find answers null and keyFor refuses, in every connection', async () => {
      const other = await openAnother();
      const s = subject();
      const kept = subject();
      await keys.keyFor(s);
      const keptKey = await keys.keyFor(kept);
      await keys.destroy(s);
      await keys.destroy(s);
      await other.destroy(s);
      expect(await keys.find(s)).toBeNull();
      expect(await other.find(s)).toBeNull();
      await expect(keys.keyFor(s)).rejects.toThrow(SubjectErased);
      await expect(other.keyFor(s)).rejects.toEqual(expect.objectContaining({ name: 'SubjectErased', subject: s }));
      // The others are untouched.
      expect(hex(await other.find(kept))).toBe(hex(keptKey));
    });

    it('refuses to key a subject erased before it ever had a key', async () => {
      const s = subject();
      await keys.destroy(s);
      expect(await keys.find(s)).toBeNull();
      await expect(keys.keyFor(s)).rejects.toThrow(SubjectErased);
    });

    it('keeps keys and tombstones across reopening', async () => {
      const [live, erased] = [subject(), subject()];
      const key = await keys.keyFor(live);
      await keys.keyFor(erased);
      await keys.destroy(erased);
      await keys.close();
      keys = await f.open();
      expect(hex(await keys.find(live))).toBe(hex(key));
      expect(hex(await keys.keyFor(live))).toBe(hex(key));
      expect(await keys.find(erased)).toBeNull();
      await expect(keys.keyFor(erased)).rejects.toThrow(SubjectErased);
    });

    it('refuses an empty or unbounded subject', async () => {
      await expect(keys.keyFor('')).rejects.toThrow(TypeError);
      await expect(keys.find('x'.repeat(1025))).rejects.toThrow(TypeError);
      await expect(keys.destroy('')).rejects.toThrow(TypeError);
    });
  });
}

import { Clock } from '../clock';
import { SubjectKeys } from './subject-keys.port';

/** A subject's key as the cipher holds it, with the fingerprint key derived from it once. */
export interface CachedKey {
  key: Buffer;
  fingerprintKey?: Buffer;
}

export interface SubjectKeyCacheOptions {
  /** Subjects held at most (least recently used dropped first): 10,000 keys are about 2 MB. */
  maxSubjects: number;
  /**
   * How long a key is trusted without asking the store again. An erasure by another process (the CLI,
   * another API replica) reaches this one at most this long after: see SubjectCipher.
   */
  ttlMs: number;
}

export const DEFAULT_SUBJECT_KEY_CACHE: SubjectKeyCacheOptions = { maxSubjects: 10_000, ttlMs: 60_000 };

interface Entry extends CachedKey {
  fetchedAt: number;
}

/**
 * The keys the cipher used lately, so that opening the sealed fields of a page of documents is not one store
 * read per field. Bounded (LRU by Map insertion order) and expiring (TTL); only live keys are held, an
 * erased or unknown subject is asked of the store each time (rare: read models drop erased subjects).
 */
export class SubjectKeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each local erasure: a lookup that started before one does not cache what it found. */
  private erasures = 0;

  constructor(
    private readonly keys: SubjectKeys,
    private readonly clock: Clock,
    private readonly options: SubjectKeyCacheOptions = DEFAULT_SUBJECT_KEY_CACHE,
  ) {}

  /** The subject's key, made on its first ask; SubjectErased once destroyed. */
  keyFor(subject: string): Promise<CachedKey> {
    return this.lookup(subject, () => this.keys.keyFor(subject)) as Promise<CachedKey>;
  }

  /** The subject's key, or null when it has none. */
  find(subject: string): Promise<CachedKey | null> {
    return this.lookup(subject, () => this.keys.find(subject));
  }

  async destroy(subject: string): Promise<void> {
    this.erasures++;
    this.entries.delete(subject);
    await this.keys.destroy(subject);
    // A lookup that read the key before the store destroyed it was refused its cache entry by `erasures`.
    this.entries.delete(subject);
  }

  private async lookup(subject: string, fetch: () => Promise<Buffer | null>): Promise<CachedKey | null> {
    const now = this.clock.now().getTime();
    const cached = this.entries.get(subject);
    if (cached && now - cached.fetchedAt < this.options.ttlMs) {
      // Most recently used last.
      this.entries.delete(subject);
      this.entries.set(subject, cached);
      return cached;
    }
    this.entries.delete(subject);
    const erasures = this.erasures;
    const key = await fetch();
    if (!key) return null;
    const entry: Entry = { key, fetchedAt: now };
    if (erasures === this.erasures) {
      this.entries.set(subject, entry);
      if (this.entries.size > this.options.maxSubjects) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }
}

/**
 * Crypto-shredding: personal data (a customer's conversation) is written to the log and the read models
 * only sealed under a key of its own subject, and the keys live apart from the log (a key store beside the
 * event store: `keys.db` beside `events.db` in embedded mode, key streams in EventStoreDB). Destroying a
 * subject's key erases it everywhere at once: the log stays append-only and replayable, and what it held
 * of the subject can no longer be read by anyone, a rebuild included.
 */
export interface SubjectKeys {
  /** The subject's key (32 bytes), made on its first ask; concurrent first asks get one key. Refused once destroyed. */
  keyFor(subject: string): Promise<Buffer>;
  /** The subject's key, or null when it was never made or has been destroyed. */
  find(subject: string): Promise<Buffer | null>;
  /** Destroys the key for good (idempotent): nothing sealed with it can be opened again. */
  destroy(subject: string): Promise<void>;
  close(): Promise<void>;
}

export const SUBJECT_KEYS = Symbol('SubjectKeys');

/** A subject whose key was destroyed: it was erased, and keyFor refuses to make it a new one. */
export class SubjectErased extends Error {
  constructor(readonly subject: string) {
    super(`${subject} was erased: its key is destroyed`);
    this.name = 'SubjectErased';
  }
}

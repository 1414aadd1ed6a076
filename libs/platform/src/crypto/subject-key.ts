/** A subject's key: 32 random bytes, an AES-256 key. */
export const SUBJECT_KEY_BYTES = 32;

/** Subjects are names the platform's callers make (e.g. `conversation:<org>:<id>`); bounded, never empty. */
export const MAX_SUBJECT_LENGTH = 1024;

export function assertSubject(subject: string): void {
  if (typeof subject !== 'string' || subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH) {
    throw new TypeError(`a subject is a string of 1 to ${MAX_SUBJECT_LENGTH} characters`);
  }
}

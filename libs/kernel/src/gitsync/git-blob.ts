import { createHash, Hash } from 'node:crypto';

/**
 * The id git gives a file's bytes (its blob oid): SHA-1 of `blob <length>\0<bytes>`. Computed without git, so a
 * folder read from a directory or a zip names its pages and files as the repository they came from does.
 */
export function gitBlobOid(bytes: Uint8Array): string {
  return gitBlobHash(bytes.byteLength).update(bytes).digest('hex');
}

/** The hash of a blob of `size` bytes, its header taken: update it with the bytes as they come (a streamed file). */
export function gitBlobHash(size: number): Hash {
  return createHash('sha1').update(`blob ${size}\0`);
}

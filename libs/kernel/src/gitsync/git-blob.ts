import { createHash } from 'node:crypto';

/**
 * The id git gives a file's bytes (its blob oid): SHA-1 of `blob <length>\0<bytes>`. Computed without git, so a
 * folder read from a directory or a zip names its pages and files as the repository they came from does.
 */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

import { GitUnavailable } from './git-remote';

/** A commit id: 40 hex digits (SHA-1) or 64 (SHA-256). */
export const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * A branch ref Git Sync may name in argv: `refs/heads/` and a name git's check-ref-format accepts (no `..`,
 * `@{`, control or special characters, component starting with `.` or ending with `.lock`). Checked here,
 * before any git call, so no ref can read as an option or a refspec.
 */
export function checkRef(ref: string): string {
  const name = ref.slice('refs/heads/'.length);
  const valid =
    ref.startsWith('refs/heads/') &&
    name.length > 0 &&
    !/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$/.test(name) &&
    name !== '@' &&
    name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
  if (!valid) throw new GitUnavailable(`${JSON.stringify(ref)} is not a branch ref (refs/heads/<name>)`, 'refused');
  return ref;
}

export function checkOid(oid: string): string {
  if (!OID.test(oid)) throw new GitUnavailable(`${JSON.stringify(oid)} is not a commit id`, 'refused');
  return oid;
}

/** The project directory as a tree path (`docs/en`), '' for the repository's root; `..`, `.git` and the like refused. */
export function projectPath(directory: string | undefined): string {
  const parts = (directory ?? '').split('/').filter((part) => part.length > 0);
  for (const part of parts) {
    if (part === '.' || part === '..' || part.toLowerCase() === '.git' || /[\x00-\x1f\x7f\\]/.test(part)) {
      throw new GitUnavailable(`${JSON.stringify(directory)} is not a project directory inside the repository`, 'refused');
    }
  }
  return parts.join('/');
}

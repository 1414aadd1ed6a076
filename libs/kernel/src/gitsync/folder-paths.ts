import { posix } from 'node:path';

/**
 * Paths inside a Git Sync folder: `/`-separated, relative to the folder's root, never leaving it. What pages
 * write (relative targets, percent-encoded or not) is resolved here against the page's own path.
 */

/** The folder path a target written in the page at `from` names; undefined for a URL or a path leaving the folder. */
export function resolveTarget(from: string, target: string): string | undefined {
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const path = target.startsWith('/') ? posix.normalize(target.slice(1)) : posix.join(posix.dirname(from), target);
  return insideFolder(path) ? path : undefined;
}

/** How the page at `from` writes the folder path `to`: relative to its own directory. */
export function relativeTarget(from: string, to: string): string {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}

/** A path that stays inside the folder: relative, normalized, without `..` segments. */
export function insideFolder(path: string): boolean {
  const normal = posix.normalize(path);
  return normal === path && path !== '.' && !path.startsWith('/') && !path.split('/').includes('..') && !path.includes('\0');
}

/** `a%20b.png` and `a b.png` name the same file: the path as written, then decoded (when it decodes). */
export function targetSpellings(target: string): string[] {
  try {
    const decoded = decodeURI(target);
    return decoded === target ? [target] : [target, decoded];
  } catch {
    return [target];
  }
}

export const dirname = (path: string) => (posix.dirname(path) === '.' ? '' : posix.dirname(path));
export const joinPath = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

import { Invalid } from '@folio/platform/domain/errors';

/** The longest path a folder entry may have, in characters (git's own limit is the file system's, 4,096 bytes on Linux). */
export const MAX_PATH_LENGTH = 1024;

/** Characters no file name in a Git Sync folder has, and that tools would print or cut strangely. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A zip entry's name as a path inside the folder, or a refusal (Invalid, 400) for a name that could reach
 * outside it or be read two ways: absolute (`/etc`, `C:`), climbing (`..`), with backslashes (a separator on
 * Windows, an ordinary character elsewhere) or control characters. What is harmless is normalized: `./` and
 * empty segments are dropped, and the name is NFC (macOS writes names decomposed), so one file has one path.
 */
export function folderPath(name: string): string {
  const refuse = (why: string) => new Invalid(`The zip entry ${JSON.stringify(name.slice(0, 200))} ${why}`);
  if (CONTROL.test(name)) throw refuse('has control characters in its name');
  if (name.includes('\\')) throw refuse('has a backslash in its name: paths in a zip are written with /');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw refuse('is an absolute path');
  const segments = name.normalize('NFC').split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw refuse('climbs out of the folder with ..');
  const path = segments.join('/');
  if (path === '') throw refuse('has no name');
  if (path.length > MAX_PATH_LENGTH) throw refuse(`has a path longer than ${MAX_PATH_LENGTH} characters`);
  return path;
}

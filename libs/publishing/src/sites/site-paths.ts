/**
 * Site-space paths: the URL segment a site space is served under, unique among its section's (or the
 * root's) site spaces. Made from the space's title when a space is added; set by hand with PATCH.
 */

export const MAX_PATH_LENGTH = 100;

/** URL-safe: letters, digits and `-._~` (RFC 3986's unreserved characters), 1 to 100 of them. */
export const URL_SAFE_PATH = /^[A-Za-z0-9._~-]{1,100}$/;

/** `Getting Started — Ünïcode!` → `getting-started-unicode`; a title with nothing usable gives `space`. */
export function pathFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PATH_LENGTH)
    .replace(/-+$/, '');
  return slug || 'space';
}

/** `base`, or `base-2`, `base-3`… : the first not in `taken`, never longer than the limit. */
export function uniquePath(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_PATH_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

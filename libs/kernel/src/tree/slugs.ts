import { Invalid } from '@folio/platform/domain/errors';

const SLUG_MAX_LENGTH = 100;

/** A page's slug from its title: lowercase ASCII letters and digits, anything else a single '-'. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents come apart under NFKD: "é" keeps its "e"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return trimTo(slug, SLUG_MAX_LENGTH) || 'untitled';
}

/** `slug`, or the first of slug-2, slug-3… that no sibling has (shortened to stay within the length). */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = trimTo(slug, SLUG_MAX_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A slug given explicitly: one path segment, which no sibling may already have. */
export function assertSlug(slug: string, taken: ReadonlySet<string>): void {
  if (slug.length === 0 || slug.length > SLUG_MAX_LENGTH) throw new Invalid(`slug must be 1 to ${SLUG_MAX_LENGTH} characters`);
  if (slug.includes('/') || slug === '.' || slug === '..' || /\s/.test(slug)) throw new Invalid(`slug "${slug}" is not a path segment`);
  if (taken.has(slug)) throw new Invalid(`slug "${slug}" is already taken by a sibling page`);
}

const trimTo = (slug: string, length: number) => slug.slice(0, length).replace(/-+$/, '');

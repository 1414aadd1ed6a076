import { posix } from 'node:path';
import { TocEntry } from '@folio/kernel/gitsync/summary';
import { slugFromTitle, uniqueSlug } from '@folio/kernel/tree/slugs';
import { PageType } from '@folio/kernel/tree/tree.model';
import { documentKey, groupKey, linkKey } from './page-keys';

/** A page the folder wants, in depth-first order: where it goes and what names it. */
export interface PlannedPage {
  id: string;
  /** Whether the page is in the tree already (it keeps its id). */
  exists: boolean;
  parent: string | null;
  /** Its index among its siblings. */
  index: number;
  type: PageType;
  title: string;
  slug: string;
  linkTitle?: string;
  /** A document page's file. */
  path?: string;
  /** A link page's target, as SUMMARY.md writes it. */
  target?: string;
}

/** A page the tree has: its id and slug. */
export interface ExistingPage {
  id: string;
  slug: string;
}

/** Slugs Folio takes as written: a path segment of at most 100 characters without spaces. */
const PLAIN_SLUG = /^[^\s/]{1,100}$/;

/**
 * The folder's table of contents as pages: each takes the id of the page with its key in `existing`, or a new
 * one. A page's slug is its file's name (a README.md's directory's; the first page's: its title's), made
 * unique among its siblings.
 */
export function planPages(toc: readonly TocEntry[], existing: ReadonlyMap<string, ExistingPage>, newId: () => string): PlannedPage[] {
  const planned: PlannedPage[] = [];
  const used = new Set<string>();
  const visit = (entries: readonly TocEntry[], parent: string | null, parentKey: string) => {
    const taken = new Set<string>();
    entries.forEach((entry, index) => {
      const key = entry.kind === 'page' ? documentKey(entry.path) : entry.kind === 'group' ? groupKey(entry.slug) : linkKey(parentKey, entry.title);
      const known = existing.get(key);
      const exists = known !== undefined && !used.has(known.id);
      const id = exists ? known.id : newId();
      used.add(id);
      // The folder's first page (README.md) has no name of its own: one already there keeps its slug.
      const slug = uniqueSlug((exists && isRootReadme(entry) ? known.slug : undefined) ?? slugOf(entry), taken);
      taken.add(slug);
      planned.push({
        id,
        exists,
        parent,
        index,
        type: entry.kind === 'page' ? 'document' : entry.kind,
        title: entry.title,
        slug,
        ...(entry.kind === 'page' ? { path: entry.path, ...(entry.linkTitle !== undefined ? { linkTitle: entry.linkTitle } : {}) } : {}),
        ...(entry.kind === 'link' ? { target: entry.target } : {}),
      });
      visit(entry.children, id, key);
    });
  };
  visit(toc, null, '');
  return planned;
}

const isRootReadme = (entry: TocEntry) => entry.kind === 'page' && /^README\.md$/i.test(entry.path);

function slugOf(entry: TocEntry): string {
  if (entry.kind === 'group') return entry.slug;
  if (entry.kind === 'link') return slugFromTitle(entry.title);
  const readme = /(^|\/)README\.md$/i.test(entry.path);
  const name = readme ? posix.basename(posix.dirname(entry.path)) : posix.basename(entry.path).replace(/\.md$/i, '');
  if (name === '.' || name === '') return slugFromTitle(entry.title);
  return PLAIN_SLUG.test(name) && name !== '..' ? name : slugFromTitle(name);
}

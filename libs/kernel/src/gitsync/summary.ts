import type { Heading, List, ListItem, Nodes, PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { Invalid } from '@folio/platform/domain/errors';
import { assertMarkdownSize, MAX_DOCUMENT_DEPTH } from '../document/document-limits';
import { slugFromTitle } from '../tree/slugs';

/**
 * SUMMARY.md, the table of contents of a Git Sync folder: `## Title` headings are groups (their anchor
 * `<a href="#x" id="x"></a>` is the group's slug), nested `* [Title](path.md "link title")` bullets are pages
 * and subpages, and a bullet to a URL, an anchor or a file listed already is a link page.
 */
export type TocEntry =
  | { kind: 'page'; title: string; linkTitle?: string; path: string; children: TocEntry[] }
  | { kind: 'link'; title: string; target: string; children: TocEntry[] }
  | { kind: 'group'; title: string; slug: string; children: TocEntry[] };

export const SUMMARY_TITLE = '# Table of contents';

/**
 * Columns of indentation a SUMMARY.md line may have: subpages nested as deep as a document's blocks, at the
 * widest indentation GitBook writes (4 spaces a level). What bounds the recursion over its lists.
 */
const MAX_INDENT = MAX_DOCUMENT_DEPTH * 4;

/**
 * The entries of a SUMMARY.md, `path`s resolved by `resolve` (relative to the summary's directory, decoded);
 * a target `resolve` does not answer is a link page's target as written. Bounded in size and nesting (not by
 * a page's limits on a paragraph's brackets: one list is all of a summary's pages).
 */
export function readSummary(text: string, resolve: (target: string) => string | undefined): TocEntry[] {
  assertMarkdownSize(text);
  for (const line of text.split('\n')) {
    const indent = /^[ \t>]*/.exec(line)![0].replace(/\t/g, '    ').length;
    if (indent > MAX_INDENT) throw new Invalid(`SUMMARY.md nests pages deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  }
  const tree = fromMarkdown(text);
  const roots: TocEntry[] = [];
  let into = roots;
  const listed = new Set<string>();
  const entries = (list: List, depth: number): TocEntry[] => list.children.flatMap((item) => entry(item, depth));
  const entry = (item: ListItem, depth: number): TocEntry[] => {
    const children = item.children.flatMap((child) => (child.type === 'list' ? entries(child, depth + 1) : []));
    const link = item.children.find((child) => child.type === 'paragraph')?.children.find((child) => child.type === 'link');
    // A bullet that is not a link has no page of its own: its subpages stay where it is.
    if (!link) return children;
    const title = textOf(link.children);
    const path = link.url.includes('#') ? undefined : resolve(link.url);
    if (path !== undefined && path.toLowerCase().endsWith('.md') && !listed.has(path)) {
      listed.add(path);
      return [{ kind: 'page', title, ...(link.title ? { linkTitle: link.title } : {}), path, children }];
    }
    return [{ kind: 'link', title, target: link.url, children }];
  };
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 2) {
      const group: TocEntry = { kind: 'group', ...groupOf(node), children: [] };
      roots.push(group);
      into = group.children;
    } else if (node.type === 'list') {
      into.push(...entries(node, 0));
    }
  }
  return roots;
}

/** SUMMARY.md for these entries: pages before the first group stay at the root. `target` writes a page's or link's target. */
export function writeSummary(entries: readonly TocEntry[]): string {
  const out: string[] = [SUMMARY_TITLE, ''];
  const bullets = (list: readonly TocEntry[], indent: string) => {
    for (const entry of list) {
      if (entry.kind === 'group') continue;
      const target = entry.kind === 'page' ? entry.path : entry.target;
      const linkTitle = entry.kind === 'page' && entry.linkTitle !== undefined ? ` "${entry.linkTitle.replace(/["\\]/g, '\\$&')}"` : '';
      out.push(`${indent}* [${escapeText(entry.title)}](${linkTarget(target)}${linkTitle})`);
      bullets(entry.children, `${indent}  `);
    }
  };
  let pending: TocEntry[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    bullets(pending, '');
    out.push('');
    pending = [];
  };
  for (const entry of entries) {
    if (entry.kind !== 'group') {
      pending.push(entry);
      continue;
    }
    flush();
    const anchor = entry.slug === slugFromTitle(entry.title) ? '' : ` <a href="#${entry.slug}" id="${entry.slug}"></a>`;
    out.push(`## ${escapeText(entry.title)}${anchor}`, '');
    pending = [...entry.children];
    flush();
  }
  flush();
  return `${out.join('\n').trimEnd()}\n`;
}

function groupOf(heading: Heading): { title: string; slug: string } {
  const title = textOf(heading.children).trim();
  const anchor = heading.children.map((child) => (child.type === 'html' ? /\bid="([^"]+)"/.exec(child.value)?.[1] : undefined)).find(Boolean);
  return { title, slug: anchor ?? slugFromTitle(title) };
}

/** Plain text of phrasing content (HTML such as a heading's anchor left out). */
function textOf(nodes: readonly PhrasingContent[]): string {
  let text = '';
  const pending: Nodes[] = [...nodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    else if ('children' in node) pending.push(...[...node.children].reverse());
  }
  return text;
}

const escapeText = (text: string) => text.replace(/[\\[\]*_`<]/g, '\\$&');
/** A target with spaces or parentheses is written between `<` and `>`, as GitBook does. */
const linkTarget = (target: string) => (/[\s()<>]/.test(target) ? `<${target.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : target);

import { LinkableRef } from '@folio/kernel/document/document.model';

/**
 * A reference made absolute: content of a space names that space (its own when the document left it out),
 * and an anchor names its page (the page it is written in when left out). What a link points at no longer
 * depends on where it is read from.
 */
export type ResolvedRef =
  | { kind: 'url'; url: string }
  | { kind: 'user'; user: string }
  | { kind: 'space'; space: string }
  | { kind: 'page'; page: string; space: string }
  | { kind: 'anchor'; anchor: string; page: string; space: string }
  | { kind: 'file'; file: string; space: string }
  | { kind: 'openapi'; spec: string };

/** What a link's status is about: a page (an anchor's page), a file, a space, a user, a URL, or an organization's OpenAPI spec (by slug). */
export type LinkTarget =
  | { kind: 'url'; url: string }
  | { kind: 'user'; user: string }
  | { kind: 'space'; space: string }
  | { kind: 'page'; space: string; page: string }
  | { kind: 'file'; space: string; file: string }
  | { kind: 'openapi'; spec: string };

export function resolveRef(ref: LinkableRef, at: { space: string; page: string }): ResolvedRef {
  switch (ref.kind) {
    case 'url':
      return { kind: 'url', url: ref.url };
    case 'user':
      return { kind: 'user', user: ref.user };
    case 'space':
      return { kind: 'space', space: ref.space };
    case 'page':
      return { kind: 'page', page: ref.page, space: ref.space ?? at.space };
    case 'anchor':
      if (ref.page) return { kind: 'anchor', anchor: ref.anchor, page: ref.page, space: ref.space ?? at.space };
      // An anchor of another space without its page names no page of that space: it points at the space.
      if (ref.space && ref.space !== at.space) return { kind: 'space', space: ref.space };
      return { kind: 'anchor', anchor: ref.anchor, page: at.page, space: at.space };
    case 'file':
      return { kind: 'file', file: ref.file, space: ref.space ?? at.space };
    case 'openapi':
      // A spec is the organization's, named the same from every space.
      return { kind: 'openapi', spec: ref.spec };
  }
}

export function targetOf(ref: ResolvedRef): LinkTarget {
  switch (ref.kind) {
    case 'anchor':
      return { kind: 'page', space: ref.space, page: ref.page };
    default:
      return ref;
  }
}

/**
 * The key backlinks are indexed by: one string per target (`page:<space>:<page>`, `file:<space>:<file>`,
 * `space:<space>`, `user:<id>`, `url:<url>`, `openapi:<slug>`). Folio's ids hold no `:`, so keys of its content never meet.
 */
export function targetKey(target: LinkTarget): string {
  switch (target.kind) {
    case 'url':
      return `url:${target.url}`;
    case 'user':
      return `user:${target.user}`;
    case 'space':
      return `space:${target.space}`;
    case 'page':
      return `page:${target.space}:${target.page}`;
    case 'file':
      return `file:${target.space}:${target.file}`;
    case 'openapi':
      return `openapi:${target.spec}`;
  }
}

/** The key listings group and order links by: the target, and an anchor's name after it. */
export function refKey(ref: ResolvedRef): string {
  const target = targetKey(targetOf(ref));
  return ref.kind === 'anchor' ? `${target}#${ref.anchor}` : target;
}

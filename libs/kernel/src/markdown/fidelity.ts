import { DomainError } from '@folio/platform/domain/errors';
import { documentToMarkdown } from './document-to-markdown';
import { urlOfRef } from '../document/content-ref-urls';
import { LinkContext, ReadOptions } from './dialect';
import { markdownToDocument, ParsedMarkdown } from './markdown-to-document';
import { normalizeMarkdown } from './normalize';

/**
 * How well a page survives the dialect: read and written once, is it the page it was after normalization
 * (normalize.ts), and does a second pass write the very same bytes (a fixpoint)? A page the reader refuses
 * answers why.
 */
export type PageFidelity = { refused: string } | { refused?: undefined; equal: boolean; fixpoint: boolean; written: string };

export function pageFidelity(markdown: string, options: ReadOptions = {}): PageFidelity {
  let written: string;
  try {
    written = rewrite(markdown, options);
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.message };
    throw error;
  }
  return { equal: normalizeMarkdown(markdown) === normalizeMarkdown(written), fixpoint: rewrite(written, options) === written, written };
}

function rewrite(markdown: string, options: ReadOptions): string {
  const { document, ...page } = markdownToDocument(markdown, options) as ParsedMarkdown;
  return documentToMarkdown(document, page, { links: options.links });
}

/**
 * Targets kept as written, for judging a page alone (no folder to resolve it in): a relative `.md` path (or a
 * folder's `/`) is a page, an include's path reusable content, any other relative path a file, and each is
 * written back as it was read. URLs, anchors and `mailto:` stay URLs.
 */
export const WRITTEN_TARGETS: LinkContext = {
  refOfTarget: (target, use) => {
    if (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(target) || target === '') return undefined;
    if (use === 'include') return { kind: 'reusable-content', reusableContent: target };
    if (/\.md(#.*)?$|\/$/.test(target) && use !== 'image' && use !== 'cover') return { kind: 'page', page: target };
    return { kind: 'file', file: target };
  },
  targetOfRef: (ref) => {
    if (ref.kind === 'page') return ref.page;
    if (ref.kind === 'file') return ref.file;
    if (ref.kind === 'reusable-content') return ref.reusableContent;
    return urlOfRef(ref);
  },
};

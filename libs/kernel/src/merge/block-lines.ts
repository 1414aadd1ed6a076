import { DomainError } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { withoutKeys } from '../document/document-keys';
import { Block, PageDocument } from '../document/document.model';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';

const documentOf = (nodes: Block[]): PageDocument => ({ object: 'document', data: {}, nodes });

/** The block as markdown, or null when markdown cannot hold it (a link to a page, a block kind markdown has no syntax for). */
export function blockMarkdown(block: Block): string | null {
  try {
    return documentToMarkdown(documentOf([block])).trimEnd();
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * The block's line form for a line-by-line merge: its markdown's lines, or null when reading that markdown
 * back would not give the same block (up to keys), as then merging lines would lose what markdown drops.
 */
export function blockLines(block: Block): string[] | null {
  const markdown = blockMarkdown(block);
  if (markdown === null) return null;
  const back = readBlock(markdown);
  return back !== null && canonicalJson(withoutKeys(back)).equals(canonicalJson(withoutKeys(block))) ? markdown.split('\n') : null;
}

/** Lines read back as one block, or null when they do not make exactly one. */
export function readBlock(markdown: string): Block | null {
  try {
    const { document, title } = markdownToDocument(markdown);
    return title === undefined && document.nodes.length === 1 ? document.nodes[0] : null;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

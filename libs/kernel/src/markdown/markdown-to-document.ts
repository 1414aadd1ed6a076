import { assignKeys } from '../document/document-keys';
import { assertDocumentBounds, assertMarkdownShape, MAX_DOCUMENT_NODES } from '../document/document-limits';
import { PageDocument } from '../document/document.model';
import { PageBlockReader } from './block-reader';
import { API_LINKS, PageFrontMatter, ReadOptions } from './dialect';
import { readFrontMatter } from './front-matter';
import { Region, tagTree } from './tag-tree';

/** A page read from its Markdown: its document and the page fields its title and front matter carry. */
export type ParsedMarkdown = PageFrontMatter & { document: PageDocument };

/**
 * GitBook's Markdown dialect (what Git Sync writes: CommonMark and GFM, math, YAML front matter, `{% … %}`
 * blocks, the HTML GitBook emits) as a page: its front matter and leading `# title` as page fields, the rest
 * as a document. Nothing is refused for being unfamiliar (an unknown tag or HTML block is kept verbatim,
 * blocks/verbatim.ts); what is refused is what is invalid or hostile (document-limits.ts): too large, nested
 * too deep, front matter that is not YAML or a known key of the wrong type.
 */
export function markdownToDocument(markdown: string, { links = API_LINKS, maxNodes = MAX_DOCUMENT_NODES }: ReadOptions = {}): ParsedMarkdown {
  assertMarkdownShape(markdown);
  let lines = markdown.split('\n');
  let page: PageFrontMatter = {};
  let extra: Record<string, unknown> = {};
  const close = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  if (close > 0) {
    ({ page, extra } = readFrontMatter(lines.slice(1, close).join('\n'), links));
    lines = lines.slice(close + 1);
  }
  const regions = tagTree(lines);
  const reader = new PageBlockReader(links, regions, maxNodes);
  const title = page.title === undefined ? leadingTitle(regions, reader) : undefined;
  const nodes = reader.regions(regions);
  if (title !== undefined) nodes.splice(0, 1);
  const data = Object.keys(extra).length > 0 ? { frontMatter: extra } : {};
  const document: PageDocument = { object: 'document', data, nodes };
  assertDocumentBounds(document, maxNodes);
  return { ...page, document: assignKeys(document), ...(title !== undefined ? { title } : {}) };
}

/** The page's title: a `# heading` that is the first thing on the page (its first block, read as heading-1). */
function leadingTitle(regions: readonly Region[], reader: PageBlockReader): string | undefined {
  const first = regions[0];
  const node = first?.kind === 'text' ? reader.tree(first)?.children[0] : undefined;
  if (node?.type !== 'heading' || node.depth !== 1) return undefined;
  return plainText(node);
}

function plainText(node: { value?: string; children?: unknown[] }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((child) => plainText(child as { value?: string })).join('');
}

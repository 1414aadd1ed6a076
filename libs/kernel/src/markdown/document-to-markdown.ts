import { assertDocumentBounds } from '../document/document-limits';
import { PageDocument } from '../document/document.model';
import { PageBlockWriter } from './block-writer';
import { API_LINKS, PageFrontMatter, WriteOptions } from './dialect';
import { titleInFrontMatter, writeFrontMatter } from './front-matter';

/**
 * A page as GitBook's Markdown dialect (what Git Sync writes): front matter (the page's fields and the keys kept
 * in `document.data.frontMatter`), the title as a leading `# heading`, the blocks, footnote definitions last.
 * Reading it back (markdownToDocument) gives the same page up to keys, and writing that again the same text.
 */
export function documentToMarkdown(document: PageDocument, page: PageFrontMatter = {}, { links = API_LINKS }: WriteOptions = {}): string {
  assertDocumentBounds(document);
  const writer = new PageBlockWriter(links);
  const parts: string[] = [];
  const extra = document.data?.frontMatter ?? {};
  const front = writeFrontMatter(page, extra, links);
  if (front !== '') parts.push(`---\n${front}\n---`);
  if (page.title !== undefined && !titleInFrontMatter(page, extra)) parts.push(writer.title(page.title));
  const body = writer.blocks(document.nodes);
  if (body !== '') parts.push(body);
  const footnotes = writer.footnoteDefinitions();
  if (footnotes !== '') parts.push(footnotes);
  return `${parts.join('\n\n')}\n`;
}

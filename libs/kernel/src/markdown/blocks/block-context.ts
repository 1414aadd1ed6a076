import { InlineContainer } from '../inline-escape';
import { Block, Inline, Text } from '@folio/kernel/document/document.model';
import { LinkContext } from '../dialect';
import { Region } from '../tag-tree';

/** What a block family's reader is given: the page's targets, and the reader of nested content. */
export interface BlockReader {
  links: LinkContext;
  /** Regions (tags and the Markdown between them) as blocks. */
  regions(regions: readonly Region[]): Block[];
  /** Markdown text as the content of one paragraph. */
  inlines(markdown: string): (Text | Inline)[];
  /** HTML content as the content of one paragraph (a `<summary>`, a `<figcaption>`, an HTML table's cell): Markdown is not read inside HTML. */
  htmlInlines(html: string): (Text | Inline)[];
}

/** What a block family's writer is given: the page's targets, and the writers of nested content. */
export interface BlockWriter {
  links: LinkContext;
  blocks(nodes: readonly Block[]): string;
  /** Texts and inlines; `html` inside HTML (a caption, a cell of an HTML table), where marks are tags. */
  inlines(nodes: readonly (Text | Inline)[], html?: boolean, container?: InlineContainer): string;
}

import { Block, PageDocument } from '@folio/kernel/document/document.model';
import { slugFromTitle } from '@folio/kernel/tree/slugs';

/** A heading of a page and the text under it, up to the next heading. */
export interface PageSection {
  /** The heading's anchor: its `id`, else the slug of its text. */
  id: string;
  title: string;
  /** The section's text, cut to an excerpt. */
  body: string;
}

export interface PageText {
  /** Every word of the document, headings included, as plain text. */
  body: string;
  sections: PageSection[];
}

/** Section bodies are excerpts for the answer; the whole text is indexed through `body`. */
export const SECTION_EXCERPT = 300;

const HEADINGS = new Set(['heading-1', 'heading-2', 'heading-3']);

/** The text of any node: leaves' text, walked through every `nodes` and `fragments` (table cells, expandables). */
function textOf(node: unknown, out: string[]): void {
  if (node === null || typeof node !== 'object') return;
  const n = node as { object?: string; text?: unknown; nodes?: unknown[]; fragments?: unknown[]; leaves?: unknown[] };
  if (n.object === 'leaf' && typeof n.text === 'string') out.push(n.text);
  for (const child of [...(n.leaves ?? []), ...(n.nodes ?? []), ...(n.fragments ?? [])]) textOf(child, out);
  // Blocks end words: a paragraph's last word and the next one's first are two words.
  if (n.object === 'block' || n.object === 'fragment') out.push(' ');
}

const plain = (parts: string[]) => parts.join('').replace(/\s+/g, ' ').trim();

const excerpt = (text: string) => (text.length <= SECTION_EXCERPT ? text : `${text.slice(0, SECTION_EXCERPT - 1).trimEnd()}…`);

/** A document's searchable text: all of it, and its sections (a heading and the blocks under it). */
export function pageText(document: PageDocument | null): PageText {
  const all: string[] = [];
  const sections: PageSection[] = [];
  let current: { id: string; title: string; parts: string[] } | null = null;
  const close = () => {
    if (current) sections.push({ id: current.id, title: current.title, body: excerpt(plain(current.parts)) });
  };
  for (const block of (document?.nodes ?? []) as Block[]) {
    const parts: string[] = [];
    textOf(block, parts);
    for (const part of parts) all.push(part); // a spread of a long table's cells would overflow the stack
    if (HEADINGS.has(block.type)) {
      close();
      const title = plain(parts);
      const anchor = (block as { data?: { id?: string } }).data?.id;
      current = { id: anchor || slugFromTitle(title), title, parts: [] };
    } else {
      for (const part of parts) current?.parts.push(part);
    }
  }
  close();
  return { body: plain(all), sections };
}

import { InlineContainer } from './inline-escape';
import { Block, Heading, Inline, ListItem, Paragraph, Text } from '../document/document.model';
import { LinkContext } from './dialect';
import { BlockWriter } from './blocks/block-context';
import { writeCode, writeMath } from './blocks/code';
import { writeImages } from './blocks/media';
import { gfmFits, writeGfm } from './blocks/gfm-tables';
import { writeHtmlTable } from './blocks/html-tables';
import { indexFragments } from './blocks/tables';
import { writeTagBlock } from './blocks/tag-blocks';
import { verbatimText } from './blocks/verbatim';
import { writeInlines } from './inline-writer';

/**
 * Writes blocks in GitBook's form (what Git Sync writes), one canonical form where GitBook accepts several:
 * blocks apart by a blank line, `*` bullets indented two columns, `1.` numbers counted up, `***` dividers,
 * heading-1 to 3 as `##` to `####`, an empty paragraph as `&#x20;`. Footnotes the inline writer registers are
 * written at the page's end.
 */
export class PageBlockWriter implements BlockWriter {
  private readonly footnotes: Block[][] = [];

  constructor(readonly links: LinkContext) {}

  blocks(nodes: readonly Block[]): string {
    const parts: string[] = [];
    let alternated = false;
    nodes.forEach((node, i) => {
      // Two lists of a kind in a row would read as one: every other one is written with the other bullet (`-`, `1)`).
      alternated = LISTS.has(node.type) && node.type === nodes[i - 1]?.type && !alternated;
      this.alternate = alternated;
      const text = this.block(node);
      if (text !== '') parts.push(text);
    });
    return parts.join('\n\n');
  }

  /** Whether the list about to be written uses the other bullet. */
  private alternate = false;

  inlines(nodes: readonly (Text | Inline)[], html = false, container?: InlineContainer): string {
    return writeInlines(nodes, {
      links: this.links,
      html,
      container,
      footnote: (body) => {
        this.footnotes.push(body);
        return String(this.footnotes.length);
      },
    });
  }

  /** The footnotes registered so far, as definitions (`[^1]: …`). */
  footnoteDefinitions(): string {
    const out: string[] = [];
    // A footnote's body may register footnotes of its own: they are appended and written in turn.
    for (let i = 0; i < this.footnotes.length; i++) out.push(indent(`[^${i + 1}]: `, this.blocks(this.footnotes[i]), '    '));
    return out.join('\n\n');
  }

  private block(node: Block): string {
    const verbatim = verbatimText(node);
    if (verbatim !== undefined) return verbatim;
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node);
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
        return this.heading(node);
      case 'divider':
        return '***';
      case 'blockquote':
        return this.blocks(node.nodes).split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
      case 'list-unordered':
        return this.list(node.nodes, () => `${this.bullet()} `);
      case 'list-ordered': {
        const delimiter = this.bullet() === '*' ? '.' : ')';
        return this.list(node.nodes, (i) => `${(node.data.start ?? 1) + i}${delimiter} `);
      }
      case 'list-tasks':
        return this.list(node.nodes, (i) => `${this.bullet()} ${node.nodes[i].data?.checked ? '[x]' : '[ ]'} `, 2);
      case 'list-item':
        return this.blocks(node.nodes);
      case 'code':
        return writeCode(node);
      case 'code-line':
        return writeCode({ object: 'block', type: 'code', data: {}, nodes: [node] });
      case 'math':
        return writeMath(node);
      case 'table':
        indexFragments(node);
        return gfmFits(node) ? writeGfm(node, this) : writeHtmlTable(node, this);
      case 'images':
        return writeImages(node, this);
      case 'image':
        return writeImages({ object: 'block', type: 'images', data: {}, nodes: [node], isVoid: false }, this);
      default:
        return writeTagBlock(node, this) ?? '';
    }
  }

  private paragraph(node: Paragraph): string {
    const text = node.nodes.length === 0 ? '&#x20;' : this.inlines(node.nodes);
    const align = node.data?.align;
    if (align === undefined) return text;
    return `<p align="${align === 'start' ? 'left' : align === 'end' ? 'right' : 'center'}">${this.inlines(node.nodes, true)}</p>`;
  }

  /** The page's title as its leading `# ` line (a string, written as text). */
  title(title: string): string {
    return `# ${this.inlines([{ object: 'text', leaves: [{ object: 'leaf', text: title, marks: [] }] }], false, 'heading')}`;
  }

  private heading(node: Heading): string {
    const marks = '#'.repeat(Number(node.type.slice(-1)) + 1);
    const anchor = node.data.id !== undefined ? ` <a href="#${node.data.id}" id="${node.data.id}"></a>` : '';
    const written = this.inlines(node.nodes, false, 'heading');
    // Before an anchor a trailing space is no line's end (the reader takes one space off before the anchor), so it
    // stays a space, as GitBook writes it (`## Title  <a …>`), not `&#x20;`.
    const text = anchor === '' ? written : written.replace(/&#x20;$/, ' ');
    return `${marks} ${text}${anchor}`.trimEnd();
  }

  /** The list's bullet, taken once for the list: lists nested in it use `*` again. */
  private bullet(): string {
    const bullet = this.alternate ? '-' : '*';
    this.alternate = false;
    return bullet;
  }

  /**
   * Items on consecutive lines, an item's blocks under its marker apart by a blank line, except an item that is a
   * paragraph and a list, whose list follows right under the paragraph (as GitBook writes a tight item).
   */
  private list(items: readonly ListItem[], marker: (index: number) => string, width?: number): string {
    return items.map((item, i) => {
      const [first, second] = item.nodes;
      // (An ordered list that does not start at 1 cannot interrupt a paragraph: it needs the blank line.)
      const tight = item.nodes.length === 2 && first.type === 'paragraph' && LISTS.has(second.type) && !(second.type === 'list-ordered' && (second.data.start ?? 1) !== 1);
      const body = item.nodes.map((child) => this.block(child)).join(tight ? '\n' : '\n\n');
      const prefix = marker(i);
      // A task's checkbox is part of its content: what follows it is indented as in a bullet list.
      return indent(prefix, body, ' '.repeat(width ?? prefix.length)).trimEnd();
    }).join('\n');
  }
}

const LISTS = new Set(['list-unordered', 'list-ordered', 'list-tasks']);

/** Text under a first-line prefix, its other lines indented (blank lines left empty). */
function indent(first: string, text: string, rest: string): string {
  return text.split('\n').map((line, i) => (i === 0 ? `${first}${line}` : line === '' ? '' : `${rest}${line}`)).join('\n');
}

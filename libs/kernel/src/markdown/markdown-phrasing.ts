import type { Definition, PhrasingContent } from 'mdast';
import { imageRefFromUrl, refFromUrl } from '../document/content-ref-urls';
import { ContentRef, Inline, InlineImage, Leaf, Mark, MarkType, Text } from '../document/document.model';

/** Marks in the one order a leaf lists them, so that equal formatting is equal data. */
export const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'keyboard', 'code'];

/** A mention has no markdown syntax of its own: it travels as a link to `mention:<kind>:<id>`. */
export const MENTION_SCHEME = 'mention:';

const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

export type Definitions = Map<string, Definition>;

/** Converts inline markdown into texts (leaves with marks) and inlines, the way a paragraph holds them. */
export function phrasing(children: PhrasingContent[], definitions: Definitions): (Text | Inline)[] {
  const out: (Text | Inline)[] = [];
  let leaves: Leaf[] = [];
  const flush = () => {
    if (leaves.length > 0) out.push({ object: 'text', leaves });
    leaves = [];
  };
  const leaf = (text: string, marks: ReadonlySet<MarkType>) => {
    if (text === '') return;
    const sorted: Mark[] = MARK_ORDER.filter((m) => marks.has(m)).map((type) => ({ object: 'mark', type }));
    const last = leaves[leaves.length - 1];
    if (last && sameMarks(last.marks, sorted)) last.text += text;
    else leaves.push({ object: 'leaf', text, marks: sorted });
  };
  const inline = (node: Inline) => {
    flush();
    out.push(node);
  };
  let keyboard = false;
  const visit = (nodes: PhrasingContent[], marks: ReadonlySet<MarkType>) => {
    for (const node of nodes) {
      const here = keyboard ? new Set([...marks, 'keyboard' as const]) : marks;
      switch (node.type) {
        case 'text':
          textWithEmoji(node.value.replace(/\n/g, ' '), (text) => leaf(text, here), inline);
          break;
        case 'break':
          leaf('\n', here);
          break;
        case 'inlineCode':
          leaf(node.value, new Set([...here, 'code' as const]));
          break;
        case 'emphasis':
          visit(node.children, new Set([...marks, 'italic' as const]));
          break;
        case 'strong':
          visit(node.children, new Set([...marks, 'bold' as const]));
          break;
        case 'delete':
          visit(node.children, new Set([...marks, 'strikethrough' as const]));
          break;
        case 'inlineMath':
          inline({ object: 'inline', type: 'inline-math', data: { formula: node.value }, isVoid: true });
          break;
        case 'image':
          inline(inlineImage(node.url, node.alt));
          break;
        case 'imageReference': {
          const definition = definitions.get(node.identifier);
          if (definition) inline(inlineImage(definition.url, node.alt));
          else leaf(node.alt ?? '', here);
          break;
        }
        case 'link':
        case 'linkReference': {
          const url = node.type === 'link' ? node.url : definitions.get(node.identifier)?.url;
          if (url === undefined) visit(node.children, marks);
          else if (url.startsWith(MENTION_SCHEME)) inline(mention(url));
          else inline(link(url, node.children, definitions));
          break;
        }
        case 'html':
          if (/^<kbd>$/i.test(node.value)) keyboard = true;
          else if (/^<\/kbd>$/i.test(node.value)) keyboard = false;
          else leaf(node.value, here);
          break;
        case 'footnoteReference':
          leaf(`[^${node.label ?? node.identifier}]`, here);
          break;
      }
    }
  };
  visit(children, new Set());
  flush();
  return out;
}

function sameMarks(a: Mark[], b: Mark[]): boolean {
  return a.length === b.length && a.every((mark, i) => mark.type === b[i].type);
}

/** Emoji characters become emoji inlines (code: their code points in hex), the rest stays text. */
function textWithEmoji(value: string, text: (t: string) => void, inline: (node: Inline) => void): void {
  let from = 0;
  for (const match of value.matchAll(EMOJI)) {
    text(value.slice(from, match.index));
    const code = [...match[0]].map((c) => c.codePointAt(0)!.toString(16)).join('-');
    inline({ object: 'inline', type: 'emoji', data: { code }, isVoid: true });
    from = match.index! + match[0].length;
  }
  text(value.slice(from));
}

function inlineImage(url: string, alt: string | null | undefined): InlineImage {
  return { object: 'inline', type: 'inline-image', data: { ref: imageRefFromUrl(url), ...(alt ? { alt } : {}) }, isVoid: true };
}

function mention(url: string): Inline {
  const [kind, id] = url.slice(MENTION_SCHEME.length).split(':');
  const ref = { kind, [kind]: id } as ContentRef;
  return { object: 'inline', type: 'mention', data: { ref }, isVoid: true };
}

function link(url: string, children: PhrasingContent[], definitions: Definitions): Inline {
  // A link holds texts and images only: any other inline inside it is kept as its text.
  const nodes = phrasing(children, definitions).flatMap((node) =>
    node.object === 'text' || node.type === 'inline-image' ? [node] : [],
  );
  return { object: 'inline', type: 'link', data: { ref: refFromUrl(url) }, nodes };
}

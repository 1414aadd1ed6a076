import { Inline, InlineAnnotation, InlineLink, Leaf, Mark, Text } from '@folio/kernel/document/document.model';
import { GlossaryTerm } from '../page-translation';
import { GlossaryMatcher } from './glossary-match';
import { countWords } from './word-count';

/** What a numbered tag of the markup stands for; `container` is the link or annotation tag it sits in (0: none). */
type Tag = { container: number } & (
  | { kind: 'm'; mark: Mark }
  | { kind: 'l'; node: InlineLink }
  | { kind: 'a'; node: InlineAnnotation }
  | { kind: 'g'; term: GlossaryTerm }
  /** Kept as it is, never sent: an inline without translatable text, or a leaf in inline code. */
  | { kind: 'x'; node: Inline | Leaf }
);

/**
 * One block's inline run as the engine sees it (format `html`): the words escaped, each mark, link and
 * annotation a numbered pair of tags around its words (`<m1>…</m1>`, `<l2>…</l2>`, `<a3>…</a3>`), each kept
 * inline or inline-code leaf a void tag (`<x4/>`), each glossary term `<g5>target</g5>` (its content is put
 * back from the glossary whatever the engine did to it). Numbered tags let the engine move words around them.
 */
export interface InlineMarkup {
  markup: string;
  tags: Tag[];
  /** Words of the text sent (outside glossary terms and inline code). */
  words: number;
  /** Whether anything outside the tags is worth sending: a run of only kept inlines and terms is not. */
  translatable: boolean;
}

export function toMarkup(nodes: readonly (Text | Inline)[], glossary: GlossaryMatcher): InlineMarkup {
  const tags: Tag[] = [];
  const parts: string[] = [];
  let words = 0;
  let translatable = false;
  const tag = (t: Tag) => tags.push(t);

  const emitText = (text: string, container: number) => {
    for (const piece of glossary.split(text)) {
      if ('term' in piece) {
        const id = tag({ kind: 'g', term: piece.term, container });
        parts.push(`<g${id}>${escapeMarkup(piece.term.target)}</g${id}>`);
      } else {
        parts.push(escapeMarkup(piece.text));
        words += countWords(piece.text);
        translatable ||= piece.text.trim() !== '';
      }
    }
  };
  // Leaves sharing their outer marks share one tag: `**a _b_**` is `<m1>a <m2>b</m2></m1>`, not two bold runs.
  const emitLeaves = (leaves: readonly Leaf[], depth: number, container: number) => {
    for (let i = 0; i < leaves.length; ) {
      const leaf = leaves[i];
      if (isCode(leaf)) {
        parts.push(`<x${tag({ kind: 'x', node: leaf, container })}/>`);
        i++;
      } else if (leaf.marks.length === depth) {
        emitText(leaf.text, container);
        i++;
      } else {
        const mark = leaf.marks[depth];
        let end = i + 1;
        while (end < leaves.length && !isCode(leaves[end]) && leaves[end].marks.length > depth && sameMark(leaves[end].marks[depth], mark)) end++;
        const id = tag({ kind: 'm', mark, container });
        parts.push(`<m${id}>`);
        emitLeaves(leaves.slice(i, end), depth + 1, container);
        parts.push(`</m${id}>`);
        i = end;
      }
    }
  };
  const emitNodes = (nodes: readonly (Text | Inline)[], container: number) => {
    for (const node of nodes) {
      if (node.object === 'text') emitLeaves(node.leaves, 0, container);
      else if (node.type === 'link' || node.type === 'annotation') {
        const kind = node.type === 'link' ? 'l' : 'a';
        const id = tag(node.type === 'link' ? { kind: 'l', node, container } : { kind: 'a', node, container });
        parts.push(`<${kind}${id}>`);
        emitNodes(node.nodes, id);
        parts.push(`</${kind}${id}>`);
      } else parts.push(`<x${tag({ kind: 'x', node, container })}/>`);
    }
  };
  emitNodes(nodes, 0);
  return { markup: parts.join(''), tags, words, translatable };
}

type Item = { leaf: Leaf } | { inline: Inline };
interface Frame {
  id: number;
  items: Item[];
  marks: Mark[];
  container: number;
}

// A void tag may come back as an empty pair (`<x4></x4>`, as HTML serializers write unknown elements).
const EMPTY_PAIR = /<x(\d+)\s*>\s*<\/x\1\s*>/g;
const TAG = /<(\/?)([mlagx])(\d+)\s*(\/?)>/g;

/**
 * The nodes an engine's answer to `toMarkup` stands for, or null when its tags did not come back exactly:
 * each once, well nested, each in the link or annotation it was in, nothing but text in a glossary term,
 * no other tag. Marks, links, kept inlines and terms are the originals; only the words are the engine's.
 */
export function fromMarkup(answer: string, markup: InlineMarkup, original: readonly (Text | Inline)[]): (Text | Inline)[] | null {
  const { tags } = markup;
  const seen = new Set<number>();
  const stack: Frame[] = [{ id: 0, items: [], marks: [], container: 0 }];
  const text = answer.replace(EMPTY_PAIR, '<x$1/>');
  let at = 0;
  const pushText = (raw: string): boolean => {
    if (raw.includes('<')) return false;
    const top = stack[stack.length - 1];
    if (top.id !== 0 && tags[top.id - 1].kind === 'g') return true;
    if (raw) top.items.push({ leaf: { object: 'leaf', text: decodeMarkup(raw), marks: top.marks } });
    return true;
  };
  for (const match of text.matchAll(TAG)) {
    if (!pushText(text.slice(at, match.index))) return null;
    at = match.index + match[0].length;
    const [, closing, kind, digits, selfClosing] = match;
    const id = Number(digits);
    const t = tags[id - 1];
    const top = stack[stack.length - 1];
    if (!t || t.kind !== kind || (closing && selfClosing)) return null;
    if (closing) {
      if (top.id !== id) return null;
      stack.pop();
      const parent = stack[stack.length - 1];
      if (t.kind === 'm') parent.items.push(...top.items);
      else if (t.kind === 'g') parent.items.push({ leaf: { object: 'leaf', text: t.term.target, marks: parent.marks } });
      else if (t.kind === 'l') parent.items.push({ inline: { ...t.node, nodes: rebuild(top.items, t.node.nodes) as InlineLink['nodes'] } });
      else if (t.kind === 'a') parent.items.push({ inline: { ...t.node, nodes: rebuild(top.items, t.node.nodes) as Text[] } });
      continue;
    }
    const inGlossary = top.id !== 0 && tags[top.id - 1].kind === 'g';
    if (seen.has(id) || inGlossary || t.container !== top.container || (t.kind === 'x') !== Boolean(selfClosing)) return null;
    seen.add(id);
    if (t.kind === 'x') top.items.push(t.node.object === 'leaf' ? { leaf: { ...t.node } } : { inline: t.node });
    else if (t.kind === 'm') stack.push({ id, items: [], marks: [...top.marks, t.mark], container: top.container });
    else if (t.kind === 'g') stack.push({ id, items: [], marks: top.marks, container: top.container });
    else stack.push({ id, items: [], marks: [], container: id });
  }
  if (!pushText(text.slice(at)) || stack.length !== 1 || seen.size !== tags.length) return null;
  return rebuild(stack[0].items, original);
}

/**
 * Items back into nodes: adjacent leaves with the same marks joined, runs of leaves into texts, which take
 * the original texts' keys in order. A run that had a text around every inline (as editors normalize it)
 * gets one again, empty where the engine moved the words away.
 */
function rebuild(items: readonly Item[], original: readonly (Text | Inline)[]): (Text | Inline)[] {
  const padded = original.length > 0 && original[0].object === 'text' && original[original.length - 1].object === 'text' &&
    original.every((node, i) => node.object === 'text' || original[i + 1]?.object === 'text');
  const nodes: (Text | Inline)[] = [];
  const emptyText = (): Text => ({ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] });
  let text: Text | null = null;
  for (const item of items) {
    if ('leaf' in item) {
      if (!text) nodes.push((text = { object: 'text', leaves: [] }));
      const last = text.leaves[text.leaves.length - 1];
      if (last && sameMarks(last.marks, item.leaf.marks)) text.leaves[text.leaves.length - 1] = { ...last, text: last.text + item.leaf.text };
      else text.leaves.push(item.leaf);
    } else {
      if (padded && !text) nodes.push(emptyText());
      nodes.push(item.inline);
      text = null;
    }
  }
  if (padded && !text) nodes.push(emptyText());
  const keys = original.filter((node): node is Text => node.object === 'text').map((node) => node.key);
  let index = 0;
  return nodes.map((node) => {
    if (node.object !== 'text') return node;
    const key = keys[index++];
    return key === undefined ? node : { key, ...node };
  });
}

export function isCode(leaf: Leaf): boolean {
  return leaf.marks.some((mark) => mark.type === 'code');
}

function sameMark(a: Mark, b: Mark): boolean {
  return a.type === b.type && JSON.stringify('data' in a ? a.data : null) === JSON.stringify('data' in b ? b.data : null);
}

function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, i) => sameMark(mark, b[i]));
}

export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED: ReadonlyMap<string, string> = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', '\u00a0']]);

/** The text of an engine's HTML answer: the entities engines write decoded (an unknown one is left as written). */
export function decodeMarkup(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED.get(name.toLowerCase()) ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

import { Invalid } from '@folio/platform/domain/errors';
import { MAX_DOCUMENT_DEPTH } from '../document/document-limits';
import { parseTag, Tag } from './gitbook-tags';

/**
 * The first pass over a page's lines: GitBook's `{% … %}` tags (and `<details>` … `</details>`, which GitBook
 * writes the same way, each on a line of its own) nest what lies between them. Tags are whole lines outside
 * fenced code, so this pass finds them before any Markdown parser sees the page: CommonMark would otherwise read
 * a tag line as part of the paragraph or list above it. What lies between tags is Markdown, parsed per region.
 */
export type Region = TextRegion | TagRegion | VerbatimRegion;

/** Markdown lines between tags. */
export interface TextRegion {
  kind: 'text';
  lines: string[];
}
/** A tag and what it encloses: a pair (`{% hint %}` … `{% endhint %}`) or a tag alone (`{% include %}`). */
export interface TagRegion {
  kind: 'tag';
  tag: Tag;
  children: Region[];
  /** Whether a closing tag ended it (an `{% embed %}` may stand alone or enclose a caption). */
  closed: boolean;
  /** The region's lines as written, tags included: what an unfamiliar tag is kept as. */
  lines: string[];
}
/** Lines kept as written: a closing tag that closes nothing, a tag that is never closed. */
export interface VerbatimRegion {
  kind: 'verbatim';
  lines: string[];
}

/** The pseudo-tag `<details>` opens (its `open` attribute as `open`). */
export const DETAILS = 'details';

/** Tags that never enclose anything: reading them never waits for a closing tag. */
const ALONE = (tag: Tag) => tag.name === 'include' || tag.name === 'drawing' || tag.name.startsWith('@');
/** A tag that, left unclosed, still stands for a block of its own (an embed without a caption). */
const MAY_STAND_ALONE = new Set(['embed']);

const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const DETAILS_OPEN = /^<details(\s+open)?\s*>\s*$/i;
const DETAILS_CLOSE = /^<\/details\s*>\s*$/i;

interface Frame {
  tag: Tag;
  start: number;
  children: Region[];
}

/**
 * The page's regions. Bounded: a line is looked at once, and tags may nest MAX_DOCUMENT_DEPTH deep (deeper is
 * Invalid), so a closing tag searches at most that many open ones.
 */
export function tagTree(lines: readonly string[]): Region[] {
  const root: Frame = { tag: { name: '', args: '', attributes: new Map(), onlyAttributes: true }, start: 0, children: [] };
  const stack: Frame[] = [root];
  let fence: string | undefined;
  const text = (line: string) => {
    const siblings = stack[stack.length - 1].children;
    const last = siblings[siblings.length - 1];
    if (last?.kind === 'text') last.lines.push(line);
    else siblings.push({ kind: 'text', lines: [line] });
  };
  lines.forEach((line, index) => {
    if (fence !== undefined) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      text(line);
      return;
    }
    const opensFence = FENCE.exec(line);
    if (opensFence) {
      fence = opensFence[1];
      text(line);
      return;
    }
    const tag = tagOfLine(line);
    if (tag === undefined) return text(line);
    const top = stack[stack.length - 1];
    if (tag.name.startsWith('end') && tag.name.length > 3) {
      const opener = findOpen(stack, tag.name.slice(3));
      if (opener < 0) {
        top.children.push({ kind: 'verbatim', lines: [line] });
        return;
      }
      while (stack.length - 1 > opener) unclosed(stack, lines);
      const frame = stack.pop()!;
      stack[stack.length - 1].children.push({ kind: 'tag', tag: frame.tag, children: frame.children, closed: true, lines: lines.slice(frame.start, index + 1) });
      return;
    }
    if (ALONE(tag)) {
      top.children.push({ kind: 'tag', tag, children: [], closed: false, lines: [line] });
      return;
    }
    if (stack.length > MAX_DOCUMENT_DEPTH) throw new Invalid(`The markdown nests {% %} tags deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    stack.push({ tag, start: index, children: [] });
  });
  while (stack.length > 1) unclosed(stack, lines);
  return root.children;
}

function tagOfLine(line: string): Tag | undefined {
  const open = DETAILS_OPEN.exec(line);
  if (open) return { name: DETAILS, args: '', attributes: new Map(open[1] ? [['open', '']] : []), onlyAttributes: true };
  if (DETAILS_CLOSE.test(line)) return { name: `end${DETAILS}`, args: '', attributes: new Map(), onlyAttributes: true };
  return parseTag(line);
}

function findOpen(stack: Frame[], name: string): number {
  for (let i = stack.length - 1; i > 0; i--) if (stack[i].tag.name === name) return i;
  return -1;
}

/**
 * The innermost open tag, never closed: an embed stands alone (what followed it is read in its parent), any
 * other tag line is kept as written and what followed it read in its parent.
 */
function unclosed(stack: Frame[], lines: readonly string[]): void {
  const frame = stack.pop()!;
  const parent = stack[stack.length - 1].children;
  const line = lines[frame.start];
  if (MAY_STAND_ALONE.has(frame.tag.name)) parent.push({ kind: 'tag', tag: frame.tag, children: [], closed: false, lines: [line] });
  else parent.push({ kind: 'verbatim', lines: [line] });
  for (const child of frame.children) {
    const last = parent[parent.length - 1];
    if (child.kind === 'text' && last?.kind === 'text') last.lines.push(...child.lines);
    else parent.push(child);
  }
}

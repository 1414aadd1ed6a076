import type { Code as MdCode, Html } from 'mdast';
import { Code, CodeLine, MathBlock } from '@folio/kernel/document/document.model';
import { formatTag, Tag } from '../gitbook-tags';

/**
 * Code and math blocks. A code block is a fence (```` ```lang ````) with, when it has a title, wrapping, line
 * numbers or full width, GitBook's `{% code title="…" overflow="wrap" lineNumbers="true" fullWidth="true" %}`
 * around it; a code block with highlighted lines is GitBook's `<pre class="language-x"><code class="lang-x">`,
 * a highlighted line wrapped in `<strong>` (the only form that can say so). Math is `$$` on lines of its own.
 */
export function codeBlock(data: Code['data'], lines: readonly string[], highlighted: ReadonlySet<number> = new Set()): Code {
  return {
    object: 'block',
    type: 'code',
    data,
    nodes: lines.map((line, i): CodeLine => ({
      object: 'block',
      type: 'code-line',
      data: highlighted.has(i) ? { highlighted: true } : {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  };
}

export function codeLines(code: Code): string[] {
  return code.nodes.map((line) => line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join(''));
}

export function readFence(node: MdCode): Code {
  const info = [node.lang, node.meta].filter((part) => part).join(' ');
  return codeBlock(info ? { syntax: info } : {}, node.value.split('\n'));
}

/** The `{% code %}` attributes, each to its field: a string, or a `"true"`/`"false"` flag. */
const CODE_ATTRIBUTES = [
  ['title', 'string'],
  ['overflow', 'string'],
  ['lineNumbers', 'boolean'],
  ['fullWidth', 'boolean'],
  ['expandable', 'boolean'],
  ['collapsedLineCount', 'number'],
] as const;

/** `{% code … %}` around one code block: its attributes added to the block's data; undefined when they do not fit. */
export function readCodeTag(tag: Tag, code: Code): Code | undefined {
  const data: Record<string, unknown> = { ...code.data };
  for (const [name, value] of tag.attributes) {
    const kind = CODE_ATTRIBUTES.find(([attribute]) => attribute === name)?.[1];
    if (kind === undefined) return undefined;
    if (kind === 'string') data[name] = value;
    else if (kind === 'boolean' && (value === 'true' || value === 'false')) data[name] = value === 'true';
    else if (kind === 'number' && /^\d{1,9}$/.test(value)) data[name] = Number(value);
    else return undefined;
  }
  return { ...code, data: data as Code['data'] };
}

export function writeCode(code: Code): string {
  const lines = codeLines(code);
  if (code.nodes.some((line) => line.data.highlighted)) return writePre(code, lines);
  const fence = fenceFor(lines);
  const body = `${fence}${code.data.syntax ?? ''}\n${lines.join('\n')}\n${fence}`;
  const attributes: Record<string, string | undefined> = {};
  for (const [name] of CODE_ATTRIBUTES) {
    const value = code.data[name];
    if (value !== undefined) attributes[name] = String(value);
  }
  if (Object.keys(attributes).length === 0) return body;
  return `${formatTag('code', attributes)}\n${body}\n${formatTag('endcode')}`;
}

/** A fence longer than any run of backticks inside the code, so the code cannot close it. */
function fenceFor(lines: readonly string[]): string {
  let longest = 2;
  for (const line of lines) for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(longest + 1);
}

const PRE = /^<pre((?:\s+[\w-]+(?:="[^"]*")?)*)\s*><code(?:\s+class="[^"]*")?>([\s\S]*)<\/code><\/pre>\s*$/;
const PRE_ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;

/** GitBook's `<pre>` form of a code block; undefined when the HTML is something else. */
export function readPre(node: Html): Code | undefined {
  const match = PRE.exec(node.value);
  if (!match) return undefined;
  const data: Code['data'] = {};
  for (const [, name, value] of match[1].matchAll(PRE_ATTRIBUTE)) {
    if (name === 'class' && value?.startsWith('language-')) data.syntax = value.slice('language-'.length);
    else if (name === 'data-title' && value !== undefined) data.title = decodeHtml(value);
    else if (name === 'data-overflow' && value !== undefined) data.overflow = value;
    else if (name === 'data-line-numbers') data.lineNumbers = true;
    else if (name === 'data-full-width') data.fullWidth = value === 'true';
    else return undefined;
  }
  const raw = match[2].split('\n');
  // The body ends with a newline, or with the `</strong>` closing a highlighted last line.
  if (raw[raw.length - 1] === '' || raw[raw.length - 1] === '</strong>') raw.pop();
  const highlighted = new Set<number>();
  const lines = raw.map((line, i) => {
    let text = line.startsWith('</strong>') ? line.slice('</strong>'.length) : line;
    if (text.startsWith('<strong>')) {
      highlighted.add(i);
      text = text.slice('<strong>'.length);
    }
    return decodeHtml(text);
  });
  return codeBlock(data, lines, highlighted);
}

function writePre(code: Code, lines: readonly string[]): string {
  const { syntax, title, overflow, lineNumbers, fullWidth } = code.data;
  const attributes = [
    syntax !== undefined ? ` class="language-${syntax}"` : '',
    title !== undefined ? ` data-title="${encodeHtml(title).replace(/"/g, '&#x22;')}"` : '',
    overflow !== undefined ? ` data-overflow="${overflow}"` : '',
    lineNumbers ? ' data-line-numbers' : '',
    fullWidth !== undefined ? ` data-full-width="${fullWidth}"` : '',
  ].join('');
  let body = '';
  code.nodes.forEach((line, i) => {
    const text = encodeHtml(lines[i]);
    body += line.data.highlighted ? `<strong>${text}\n</strong>` : `${text}\n`;
  });
  return `<pre${attributes}><code${syntax !== undefined ? ` class="lang-${syntax}"` : ''}>${body}</code></pre>`;
}

const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot);/gi;

export function decodeHtml(text: string): string {
  return text.replace(ENTITY, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text inside HTML as GitBook writes it: `&` and `<` as hexadecimal entities. */
export function encodeHtml(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
}

export function readMath(formula: string): MathBlock {
  return { object: 'block', type: 'math', data: { formula }, isVoid: true };
}

export function writeMath(math: MathBlock): string {
  return `$$\n${math.data.formula}\n$$`;
}

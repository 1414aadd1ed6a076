import { escapeHtmlText, TagScanner } from './inline-html';

/**
 * Minimal escaping of text written as Markdown: a character is escaped only where it would otherwise read as
 * something else (`https://` stays as it is). GitBook's own choices are followed where the corpus shows them:
 * `*` always `\*`, `&#x20;` for a space a line would lose at its edges, `&#x3C;` for a `<` that would open a tag.
 */
export interface TextContext {
  /** The characters written right before and after this text ('' at the paragraph's edges or a line break). */
  before: string;
  after: string;
  lineStart: boolean;
  lineEnd: boolean;
  /** Inside a link's text, where an unmatched `]` would end the text. */
  inLink: boolean;
  /** The next thing written opens a link (`[`): a `!` before it would make it an image. */
  beforeLink: boolean;
  /** Is an element of this name (`kbd`, `a`…) written as HTML open around the text? Its closing tag would close it. */
  isOpen(name: string): boolean;
  /** Where the text stands: only a paragraph's lines can open blocks; a GFM cell ends at `|`; a heading at ` #`. */
  container: InlineContainer;
  /** A mark's delimiter touches the text's first or last space, which would keep it from opening or closing there. */
  encodeEdges?: { start?: boolean; end?: boolean };
}

export type InlineContainer = 'paragraph' | 'heading' | 'cell';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const REFERENCE_LIKE = /^&(?:#[xX]?[0-9A-Za-z]{1,8}|[A-Za-z][A-Za-z0-9]{0,31});/;

/**
 * GFM's autolink literals (`https://…`, `www.…`, `a@b.c`) where GFM finds them (after a space, a line's start or
 * `*_~(`): the reader keeps them as the text they are, so they are written as they are, unescaped, for GFM to
 * find again. Punctuation GFM leaves out of a link at its end stays outside.
 */
const URL_LITERAL = /(?:https?:\/\/|www\.)[^\s<]*/g;
const EMAIL_LOCAL = /[A-Za-z0-9._+-]/;
const EMAIL_DOMAIN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+/;

function bareUrls(text: string, before: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const add = (start: number, end: number) => {
    const previous = start > 0 ? text[start - 1] : before;
    if (!/^[\s*_~(]?$/.test(previous)) return;
    const literal = text.slice(start, end).replace(/[?!.,:*_~'"]+$/, '');
    if (literal.length > 0) found.push({ start, end: start + literal.length });
  };
  for (const match of text.matchAll(URL_LITERAL)) add(match.index, match.index + match[0].length);
  // Addresses from each `@` outwards (a pattern tried at every offset would cost the square of a long word).
  let searched = 0;
  for (let at = text.indexOf('@'); at > 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > searched && EMAIL_LOCAL.test(text[start - 1])) start--;
    const domain = EMAIL_DOMAIN.exec(text.slice(at + 1, at + 256));
    searched = at + 1;
    if (start < at && domain && !found.some((url) => url.start <= at && at < url.end)) add(start, at + 1 + domain[0].length);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Lines that would open a block if the paragraph's text started them. */
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const BULLET = /^[-+](?:[ \t]|$)/;
const ORDERED = /^(\d{1,9})([.)])(?:[ \t]|$)/;
const UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const RULE = /^(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
/** CommonMark's HTML blocks 1 to 6 (a comment, a `<div>`…): they start at a line's start, even inside a paragraph. */
const HTML_BLOCK = new RegExp(
  '^<(?:!--|\\?|![A-Za-z]|!\\[CDATA\\[|(?:script|pre|style|textarea)(?:[\\s>]|$)|/?(?:' +
    'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|' +
    'fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|' +
    'menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|source|summary|table|tbody|td|tfoot|th|thead|title|' +
    'tr|track|ul)(?:[\\s/>]|$))',
  'i',
);

export function escapeMarkdownText(text: string, context: TextContext): string {
  // What follows the text decides a `<` or a `&` at its end (`<` + `kbd>` written next).
  const full = text + context.after;
  const tags = new TagScanner(full);
  const bare = context.inLink ? [] : bareUrls(text, context.before);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const url = bare[0];
    if (url && url.start === i) {
      out += text.slice(url.start, url.end);
      i = url.end - 1;
      bare.shift();
      continue;
    }
    const c = text[i];
    const previous = i > 0 ? text[i - 1] : context.before;
    const next = i + 1 < text.length ? text[i + 1] : context.after;
    switch (c) {
      case '\\':
        out += next === '' || ASCII_PUNCTUATION.test(next) ? '\\\\' : c;
        break;
      case '*':
      case '`':
      case '~':
      case '[':
        out += `\\${c}`;
        break;
      case ']':
        out += context.inLink ? '\\]' : c;
        break;
      case '_':
        // GitBook writes `\_` inside words too (`user\_id`, `:frame\_photo:`), though CommonMark would not need it there.
        out += '\\_';
        break;
      case '<':
        out += tags.opensReadTag(i, context.isOpen) ? '&#x3C;' : c;
        break;
      case '&':
        // Whatever looks like a reference (`&copy;`, `&#xNAN;`), as GitBook does, whether or not it names a character.
        out += REFERENCE_LIKE.test(full.slice(i, i + 40)) ? '\\&' : c;
        break;
      case '$':
        // `$$` opens inline math; a lone `$` (a price) does not.
        out += previous === '$' || next === '$' ? '\\$' : c;
        break;
      case '!':
        out += i === text.length - 1 && context.beforeLink ? '\\!' : c;
        break;
      case '|':
        out += context.container === 'cell' ? '\\|' : c;
        break;
      default:
        out += c;
    }
  }
  if (context.lineStart) out = context.container === 'paragraph' ? escapeLineStart(out, context.before === '') : escapeLeadingSpace(out);
  else if (context.encodeEdges?.start) out = escapeLeadingSpace(out);
  if (context.encodeEdges?.end && !context.lineEnd) out = out.replace(/[ \t]$/, (space) => (space === ' ' ? '&#x20;' : '&#x9;'));
  if (context.lineEnd) {
    out = out.replace(/[ \t]$/, (space) => (space === ' ' ? '&#x20;' : '&#x9;'));
    // A heading's closing sequence (`## Title #`) would be dropped.
    if (context.container === 'heading') out = out.replace(/(^|[ \t])(#+)$/, '$1\\$2');
  }
  return out;
}

/** A line loses the spaces it starts with: the first is written as a reference. */
function escapeLeadingSpace(text: string): string {
  return /^[ \t]/.test(text) ? (text[0] === ' ' ? '&#x20;' : '&#x9;') + text.slice(1) : text;
}

/** Text that starts a paragraph's line: what would open a block there (a heading, a list, a quote, a rule) is escaped. */
function escapeLineStart(text: string, paragraphStart: boolean): string {
  if (/^[ \t]/.test(text)) return escapeLeadingSpace(text);
  // A paragraph that is one tag alone (block 7) would be read as an HTML block.
  const tag = paragraphStart && text.startsWith('<') ? new TagScanner(text).at(0) : undefined;
  if (tag?.name !== undefined && text.slice(tag.end).trim() === '') return `&#x3C;${text.slice(1)}`;
  if (HEADING.test(text) || text.startsWith('>') || BULLET.test(text) || UNDERLINE.test(text) || RULE.test(text)) return `\\${text}`;
  if (HTML_BLOCK.test(text)) return `&#x3C;${text.slice(1)}`;
  if (text.startsWith('{%')) return `{\\${text.slice(1)}`;
  const ordered = ORDERED.exec(text);
  if (ordered) return `${ordered[1]}\\${text.slice(ordered[1].length)}`;
  return text;
}

/**
 * An expression inside `<code class="expression">`: GitBook writes it as the code it is (`space.vars.a_b`), so only
 * what would not read back as itself is escaped: a backslash before punctuation, a reference-like `&`, a tag's `<`.
 */
export function escapeExpression(expression: string, html: boolean): string {
  if (html) return escapeHtmlText(expression);
  return expression
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/&(?=#?[0-9A-Za-z]+;)/g, '&#x26;')
    .replace(/<(?=[A-Za-z/!?])/g, '&#x3C;');
}

/** Text inside HTML (a card, a table cell written as HTML, a figcaption): Markdown is not read there. */
export function escapeText(text: string, html: boolean, context: TextContext): string {
  return html ? escapeHtmlText(text) : escapeMarkdownText(text, context);
}

/** A link's or an image's destination: `<…>` around one with spaces or unbalanced parentheses, as GitBook writes them. */
export function formatDestination(url: string): string {
  const escaped = url.replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\').replace(/&/g, '\\&');
  if (url === '' || /[\s<>]/.test(url) || !balanced(url)) return `<${escaped.replace(/[<>]/g, (c) => `\\${c}`)}>`;
  return escaped;
}

function balanced(url: string): boolean {
  let depth = 0;
  for (const c of url) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Code as a code span: a fence of backticks of a length no run inside has, padded where the content would lose an edge. */
export function codeSpan(code: string): string {
  // The shortest fence no run inside has the length of (GitBook writes `` ` ```js ` ``, not ```` ```` ```js ```` ````).
  const runs = new Set((code.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const fence = '`'.repeat(length);
  const pad = /^`|`$/.test(code) || (/^ .* $/s.test(code) && code.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

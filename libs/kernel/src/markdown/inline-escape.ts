import { escapeHtmlText, startsReference, TagScanner } from './inline-html';

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
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
/** Lines that would open a block if the paragraph's text started them. */
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const BULLET = /^[-+](?:[ \t]|$)/;
const ORDERED = /^(\d{1,9})([.)])(?:[ \t]|$)/;
const UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const RULE = /^(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;

export function escapeMarkdownText(text: string, context: TextContext): string {
  // What follows the text decides a `<` or a `&` at its end (`<` + `kbd>` written next).
  const full = text + context.after;
  const tags = new TagScanner(full);
  let out = '';
  for (let i = 0; i < text.length; i++) {
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
        // Inside a word `_` opens and closes nothing (snake_case stays as it is).
        out += WORD.test(previous) && WORD.test(next) ? c : '\\_';
        break;
      case '<':
        out += tags.opensReadTag(i) ? '&#x3C;' : c;
        break;
      case '&':
        out += startsReference(full, i) ? '\\&' : c;
        break;
      case '$':
        // `$$` opens inline math; a lone `$` (a price) does not.
        out += previous === '$' || next === '$' ? '\\$' : c;
        break;
      case '!':
        out += i === text.length - 1 && context.beforeLink ? '\\!' : c;
        break;
      default:
        out += c;
    }
  }
  if (context.lineStart) out = escapeLineStart(out);
  if (context.lineEnd) out = out.replace(/[ \t]$/, (space) => (space === ' ' ? '&#x20;' : '&#x9;'));
  return out;
}

/** Text that starts a line: what would open a block there (a heading, a list, a quote, a rule) is escaped. */
function escapeLineStart(text: string): string {
  if (/^[ \t]/.test(text)) return (text[0] === ' ' ? '&#x20;' : '&#x9;') + text.slice(1);
  if (HEADING.test(text) || text.startsWith('>') || BULLET.test(text) || UNDERLINE.test(text) || RULE.test(text)) return `\\${text}`;
  if (text.startsWith('{%')) return `{\\${text.slice(1)}`;
  const ordered = ORDERED.exec(text);
  if (ordered) return `${ordered[1]}\\${text.slice(ordered[1].length)}`;
  return text;
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

/** Code as a code span: a fence of backticks longer than any run inside, padded where the content would lose an edge. */
export function codeSpan(code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(code) || (/^ .* $/s.test(code) && code.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { parseTag } from './gitbook-tags';

/**
 * The normalization a page's Markdown is compared after, when a round trip (read, write) is judged: what GitBook's
 * dialect lets one write several ways that read the same, brought to one form. Outside fenced code:
 * - line endings as `\n`, trailing spaces and tabs dropped, runs of blank lines as one, none at the start or end,
 *   one final newline; blank lines next to a `{% … %}` tag line dropped (they mean nothing there);
 * - `-` and `+` bullets as `*`, ordered-list numbers as `1.`, one space after a list marker (`*   item`, an older
 *   GitBook form, is `* item`, the item's other lines indented to match); a blank line between a line of text
 *   and a list or fenced code right under it (either interrupts a paragraph), in a quote too;
 * - `{% … %}` tags spaced `{% name a="1" b="2" %}` with their attributes in name order; HTML tags' attributes in
 *   name order; a thematic break (`---`, `___`, `* * *`) as `***`;
 * - GFM table rows without cell padding, delimiter cells as `---`, `:-:`, `--:` (`:--` is `---`);
 * - the front matter as its YAML value, keys in name order, written one way.
 * Fenced code is left as it is, its fences included.
 */
export function normalizeMarkdown(markdown: string): string {
  let lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const close = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  if (close > 0) {
    out.push('---', ...frontMatter(lines.slice(1, close).join('\n')).split('\n'), '---');
    lines = lines.slice(close + 1);
  }
  let fence: string | undefined;
  const items: ListContent[] = [];
  for (const written of lines) {
    const raw = dedentListContent(written, items, fence === undefined);
    if (fence !== undefined) {
      out.push(raw);
      if (raw.trim().startsWith(fence) && raw.trim().replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    const line = raw.replace(/[ \t]+$/, '');
    const opens = /^[ \t]*(`{3,}|~{3,})/.exec(line);
    const normal = opens ? line : normalizeLine(line, out[out.length - 1] ?? '');
    if (opens) fence = opens[1];
    const blank = blankBefore(normal, out[out.length - 1] ?? '');
    if (blank !== undefined) out.push(blank);
    out.push(normal);
  }
  return dropBlankLines(out).join('\n').replace(/^\n+/, '') + '\n';
}

/** A bullet or ordered list item's first line (after normalization: `*` bullets, `1.` numbers). */
const LIST_ITEM = /^[ \t]*(\*|1[.)])[ \t]/;

const QUOTE = /^(?:[ \t]*>)*[ \t]?/;

/**
 * The blank line (in the quote the line is in) to put between a line of text and a list item or a fence opening
 * right under it, or undefined where there is one already or the line above is no text (a list item, a tag, a row).
 */
function blankBefore(line: string, previous: string): string | undefined {
  const quote = QUOTE.exec(line)![0];
  const body = line.slice(quote.length);
  if (!LIST_ITEM.test(body) && !/^[ \t]*(`{3,}|~{3,})/.test(body)) return undefined;
  const above = QUOTE.exec(previous)![0];
  const text = previous.slice(above.length);
  if (above.trimEnd() !== quote.trimEnd() || text.trim() === '' || LIST_ITEM.test(text) || /^[ \t]*(\{%|\|)/.test(text)) return undefined;
  return quote.trimEnd();
}

/** A list item whose content starts `extra` columns further right than one space after its marker would put it. */
interface ListContent {
  column: number;
  extra: number;
}

const WIDE_ITEM = /^( *)([*+-]|\d{1,9}[.)])( {2,4})(?=\S)/;

/** The line with the extra indentation of the wide list items it lies in taken off, its own marker's too. */
function dedentListContent(line: string, items: ListContent[], markers: boolean): string {
  if (line.trim() === '') return line;
  const indent = line.length - line.trimStart().length;
  while (items.length > 0 && indent < items[items.length - 1].column) items.pop();
  const dedent = items.reduce((sum, item) => sum + item.extra, 0);
  const out = line.slice(Math.min(dedent, indent));
  const item = markers ? WIDE_ITEM.exec(out) : null;
  if (!item) return out;
  items.push({ column: indent + item[2].length + item[3].length, extra: item[3].length - 1 });
  return `${item[1]}${item[2]} ${out.slice(item[0].length)}`;
}

function normalizeLine(line: string, previous: string): string {
  const tag = parseTag(line.trim());
  if (tag) {
    if (!tag.onlyAttributes || tag.attributes.size === 0) return `{% ${tag.name}${tag.args ? ` ${tag.args}` : ''} %}`;
    const attributes = [...tag.attributes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{% ${tag.name}${attributes.map(([name, value]) => ` ${name}="${value}"`).join('')} %}`;
  }
  if (/^ {0,3}([-_*])([ \t]*\1){2,}[ \t]*$/.test(line) && previous.trim() === '') return '***';
  let normal = line.replace(/^((?:[ \t]*>)*[ \t]*)[-+*](?=[ \t])/, '$1*').replace(/^((?:[ \t]*>)*[ \t]*)\d{1,9}([.)])(?=[ \t])/, '$11$2');
  if (/^[ \t]*\|/.test(normal)) normal = tableRow(normal);
  return normal.includes('<') ? sortHtmlAttributes(normal) : normal;
}

function tableRow(line: string): string {
  const cells = line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
  const delimiter = cells.every((cell) => /^:?-+:?$/.test(cell));
  const written = delimiter ? cells.map((cell) => (cell.startsWith(':') && cell.endsWith(':') ? ':-:' : cell.endsWith(':') ? '--:' : '---')) : cells;
  return `| ${written.join(' | ')} |`;
}

const HTML_TAG = /<([a-zA-Z][\w-]*)((?:\s+[\w:.-]+(?:="[^"]*")?)+)\s*(\/?)>/g;
const HTML_ATTRIBUTE = /[\w:.-]+(?:="[^"]*")?/g;

function sortHtmlAttributes(line: string): string {
  return line.replace(HTML_TAG, (_, name: string, attributes: string, slash: string) => {
    const sorted = (attributes.match(HTML_ATTRIBUTE) ?? []).sort();
    return `<${name} ${sorted.join(' ')}${slash}>`;
  });
}

/** Runs of blank lines as one, and none next to a tag line (lines inside fences are not tags: they were kept as they were). */
function dropBlankLines(lines: string[]): string[] {
  const isTag = (line: string | undefined) => line !== undefined && line.startsWith('{%') && line.endsWith('%}');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '') {
      out.push(lines[i]);
      continue;
    }
    let next = i;
    while (next < lines.length && lines[next] === '') next++;
    if (next < lines.length && out.length > 0 && !isTag(out[out.length - 1]) && !isTag(lines[next])) out.push('');
    i = next - 1;
  }
  return out;
}

function frontMatter(yaml: string): string {
  try {
    return stringifyYaml(sortKeys(parseYaml(yaml)), { lineWidth: 0 }).trimEnd();
  } catch {
    return yaml;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sortKeys(v)]));
}

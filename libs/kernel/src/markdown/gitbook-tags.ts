/**
 * GitBook's block tags, each on a line of its own: `{% hint style="info" %}`, `{% endhint %}`,
 * `{% if visitor.claims.plan === "pro" %}`, `{% include "path.md" %}`, `{% @integration/block key="v" %}`.
 */
export interface Tag {
  name: string;
  /** What follows the name, as written (an `if`'s expression, an include's quoted path). */
  args: string;
  /** `key="value"` pairs (and bare `key` flags as ''), in the order written; keys come from the page, hence a Map. */
  attributes: Map<string, string>;
  /** Whether the arguments are attributes and nothing else. */
  onlyAttributes: boolean;
}

/** A tag's name: letters, digits, `-`, `_`, `@`, `/`, `.` (an integration's block is `@name/block`). */
const NAME = /^[A-Za-z@][\w@/.-]*/;
const ATTRIBUTE = /([A-Za-z_][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/y;

/** The tag a line holds, or undefined when the line is not exactly one tag (it is then text). */
export function parseTag(line: string): Tag | undefined {
  // By hand, not one regular expression: a line of spaces and no closing `%}` must not make it backtrack.
  const trimmed = line.trimEnd();
  if (!trimmed.startsWith('{%') || !trimmed.endsWith('%}') || trimmed.length < 4) return undefined;
  const inner = trimmed.slice(2, -2).trim();
  const name = NAME.exec(inner)?.[0];
  if (name === undefined) return undefined;
  const rest = inner.slice(name.length);
  if (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t') return undefined;
  const args = rest.trim();
  return { name, args, ...parseAttributes(args) };
}

/** `a="1" b c='2' d=3` as a map; a part that is not an attribute ends the reading (an `if` holds an expression). */
function parseAttributes(args: string): Pick<Tag, 'attributes' | 'onlyAttributes'> {
  const attributes = new Map<string, string>();
  let at = 0;
  while (at < args.length) {
    while (args[at] === ' ' || args[at] === '\t') at++;
    if (at >= args.length) break;
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(args);
    if (!match || attributes.has(match[1])) return { attributes, onlyAttributes: false };
    attributes.set(match[1], match[2] ?? match[3] ?? match[4] ?? '');
    at = ATTRIBUTE.lastIndex;
    if (at < args.length && args[at] !== ' ' && args[at] !== '\t') return { attributes, onlyAttributes: false };
  }
  return { attributes, onlyAttributes: true };
}

/** A tag line; attributes whose value is undefined are left out, the others written `key="value"` in the order given. */
export function formatTag(name: string, attributes: Record<string, string | undefined> = {}): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${value.replace(/"/g, '&quot;')}"`)
    .join('');
  return `{% ${name}${written} %}`;
}

/** A tag written with its raw arguments (an `if`'s expression, an include's path). */
export function formatRawTag(name: string, args: string): string {
  return args === '' ? `{% ${name} %}` : `{% ${name} ${args} %}`;
}

/** An attribute's value with `&quot;` (how formatTag writes a quote inside one) read back. */
export function attribute(tag: Tag, name: string): string | undefined {
  return tag.attributes.get(name)?.replace(/&quot;/g, '"');
}

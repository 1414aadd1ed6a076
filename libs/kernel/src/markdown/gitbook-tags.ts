import type { Paragraph as MdParagraph, PhrasingContent } from 'mdast';

/** A GitBook block tag on a line of its own: `{% hint style="info" %}`, `{% endhint %}`. */
export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

const TAG = /^[ \t]*\{%[ \t]*([a-z-]+)((?:[ \t]+[a-zA-Z]+="[^"]*")*)[ \t]*%\}[ \t]*$/;
const ATTRIBUTE = /([a-zA-Z]+)="([^"]*)"/g;

export function parseTag(line: string): Tag | undefined {
  const match = TAG.exec(line);
  if (!match) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, name, value] of match[2].matchAll(ATTRIBUTE)) attributes[name] = value;
  return { name: match[1], attributes };
}

export function formatTag(name: string, attributes: Record<string, string | undefined> = {}): string {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  return `{% ${name}${written} %}`;
}

/**
 * A paragraph cut at its tag lines. CommonMark joins a tag line with the lines around it into one
 * paragraph (GitBook writes `{% hint %}` right above the hint's text), so tags are found as whole lines
 * inside the paragraph's text nodes: the paragraph's other content stays as it was parsed.
 */
export function splitAtTags(paragraph: MdParagraph): (MdParagraph | Tag)[] {
  const parts: (MdParagraph | Tag)[] = [];
  let current: PhrasingContent[] = [];
  const flush = () => {
    const trimmed = trimEdges(current);
    if (trimmed.length > 0) parts.push({ type: 'paragraph', children: trimmed });
    current = [];
  };
  paragraph.children.forEach((child, index) => {
    if (child.type !== 'text') {
      current.push(child);
      return;
    }
    const lines = child.value.split('\n');
    lines.forEach((line, i) => {
      // A whole line: it starts the text node at the paragraph's start or after a newline, and ends it at a newline or the paragraph's end.
      const startsLine = i > 0 || index === 0;
      const endsLine = i < lines.length - 1 || index === paragraph.children.length - 1;
      const tag = startsLine && endsLine ? parseTag(line) : undefined;
      if (tag) {
        flush();
        parts.push(tag);
      } else {
        current.push({ type: 'text', value: i < lines.length - 1 ? `${line}\n` : line });
      }
    });
  });
  flush();
  return parts;
}

/** Phrasing without the line breaks left at its edges where a tag line was cut out. */
function trimEdges(children: PhrasingContent[]): PhrasingContent[] {
  const out = children.filter((child) => child.type !== 'text' || child.value !== '');
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.replace(/^\s+/, '') };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.replace(/\s+$/, '') };
  return out.filter((child) => child.type !== 'text' || child.value !== '');
}

import type { PageDocument } from '@folio/content/public/comment-body';

/**
 * Mentions in a comment. Markdown has no mention syntax, so a comment names a member with `@` and their
 * email address or user id (`@ada@example.com`, `@<20-character id>`); a mention inline already in a
 * JSON document names its user. Handles that name a member of the organization become mention inlines
 * (`{ kind: 'user', user }`), everything else stays text: a comment never points at someone who cannot read it.
 */

/** `@` at the start of a word, then an email address or a user id, ending at the end of the word. */
const HANDLE = /(?<![\w@.])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}|[A-Za-z0-9]{20})(?![\w@])/g;

type Node = Record<string, unknown>;
interface Leaf {
  object: 'leaf';
  text: string;
  marks: { type: string }[];
}

/** Every handle the document names: `@…` in its text (outside code) and the users of its mention inlines. */
export function mentionHandles(document: PageDocument): string[] {
  const handles = new Set<string>();
  walk(structuredClone(document), (nodes) => {
    for (const node of nodes) {
      const user = mentionedUser(node);
      if (user !== null) handles.add(user);
      if (node.object !== 'text') continue;
      for (const leaf of node.leaves as Leaf[]) {
        if (isCode(leaf)) continue;
        for (const match of leaf.text.matchAll(HANDLE)) handles.add(match[1]);
      }
    }
    return nodes;
  });
  return [...handles];
}

/** The document with each handle of `members` (handle → user id) as a mention inline, and other mentions as text. */
export function withMentions(document: PageDocument, members: ReadonlyMap<string, string>): PageDocument {
  const copy = structuredClone(document);
  walk(copy, (nodes) =>
    nodes.flatMap((node) => {
      const user = mentionedUser(node);
      if (user !== null) return members.get(user) === user ? [node] : [textNode([{ object: 'leaf', text: `@${user}`, marks: [] }])];
      return node.object === 'text' ? splitText(node.leaves as Leaf[], members) : [node];
    }),
  );
  return copy;
}

/**
 * Visits every list of child nodes (of blocks, inlines and fragments), replacing it with what `visit`
 * answers. Each list is first rid of the links GFM made of `@` + an email address (see `unlinkEmails`).
 */
function walk(document: PageDocument, visit: (nodes: Node[]) => Node[]): void {
  const pending: Node[] = [document as unknown as Node];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node.nodes)) {
      node.nodes = visit(unlinkEmails(node.nodes as Node[]));
      // One push per node: a spread of a long list would overflow the stack.
      for (const child of node.nodes as Node[]) pending.push(child);
    }
    if (Array.isArray(node.fragments)) for (const child of node.fragments as Node[]) pending.push(child);
  }
}

/**
 * Markdown's autolinks read `@ada@example.com` as "@" and a `mailto:` link: such a link, right after an
 * `@` that starts a word, goes back into the text (with the text after it), so it reads as a handle again.
 */
function unlinkEmails(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const before = out[out.length - 1];
    const email = mailtoText(nodes[i]);
    const last = before?.object === 'text' ? (before.leaves as Leaf[]).at(-1) : undefined;
    if (email === null || !last || isCode(last) || !endsWithHandleStart(last.text)) {
      out.push(nodes[i]);
      continue;
    }
    last.text += email;
    const after = nodes[i + 1];
    if (after?.object === 'text') {
      for (const leaf of after.leaves as Leaf[]) (before.leaves as Leaf[]).push(leaf);
      i++;
    }
  }
  return out;
}

/**
 * Whether the text ends with an `@` that starts a word. Only its last two characters are read: the text grows
 * with each address put back, and a pattern anchored at its end would scan it whole each time (quadratic).
 */
function endsWithHandleStart(text: string): boolean {
  return text.endsWith('@') && (text.length === 1 || !/[\w@.]/.test(text[text.length - 2]));
}

/** The address of a `mailto:` link whose text is that address; null for anything else. */
function mailtoText(node: Node): string | null {
  if (node.object !== 'inline' || node.type !== 'link') return null;
  const url = (node.data as { ref?: { url?: unknown } } | undefined)?.ref?.url;
  if (typeof url !== 'string' || !url.startsWith('mailto:')) return null;
  const children = node.nodes as Node[] | undefined;
  const leaves = children?.length === 1 && children[0].object === 'text' ? (children[0].leaves as Leaf[]) : [];
  return leaves.length === 1 && leaves[0].text === url.slice('mailto:'.length) ? leaves[0].text : null;
}

function mentionedUser(node: Node): string | null {
  if (node.object !== 'inline' || node.type !== 'mention') return null;
  const ref = (node.data as { ref?: { kind?: string; user?: unknown } } | undefined)?.ref;
  return ref?.kind === 'user' && typeof ref.user === 'string' ? ref.user : null;
}

const isCode = (leaf: Leaf) => leaf.marks.some((mark) => mark.type === 'code');
const textNode = (leaves: Leaf[]): Node => ({ object: 'text', leaves });
const mention = (user: string): Node => ({ object: 'inline', type: 'mention', data: { ref: { kind: 'user', user } }, isVoid: true });

/** A text node cut around its mentions of members: texts and mention inlines, in order. */
function splitText(leaves: Leaf[], members: ReadonlyMap<string, string>): Node[] {
  const out: Node[] = [];
  let current: Leaf[] = [];
  const flush = () => {
    if (current.length > 0) out.push(textNode(current));
    current = [];
  };
  for (const leaf of leaves) {
    let from = 0;
    for (const match of isCode(leaf) ? [] : leaf.text.matchAll(HANDLE)) {
      const user = members.get(match[1]);
      if (user === undefined) continue;
      if (match.index > from) current.push({ ...leaf, text: leaf.text.slice(from, match.index) });
      flush();
      out.push(mention(user));
      from = match.index + match[0].length;
    }
    if (from < leaf.text.length) current.push(from === 0 ? leaf : { ...leaf, text: leaf.text.slice(from) });
  }
  flush();
  return out;
}

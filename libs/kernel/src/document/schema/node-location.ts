/**
 * Where a node of a document stands, kept as links to the node holding it rather than as a path string:
 * a valid document is walked without building a string per node, and the path of the one refused is
 * written out from its links.
 */
export interface NodeLocation {
  node: unknown;
  /** The node whose `nodes` (or fragment's nodes) hold this one; none for the document's own. */
  holder: NodeLocation | undefined;
  /** The holder's fragment holding this node, by index, if any. */
  fragment: number | undefined;
  index: number;
  /** The node types that may stand here. */
  holds: ReadonlySet<string>;
}

/** The location's path (`document.nodes[3].fragments[0].nodes[1]`), below the document's. */
export function pathOf(location: NodeLocation, documentPath: string): string {
  const segments: string[] = [];
  for (let at: NodeLocation | undefined = location; at !== undefined; at = at.holder) {
    segments.push(`.nodes[${at.index}]`);
    if (at.fragment !== undefined) segments.push(`.fragments[${at.fragment}]`);
  }
  return documentPath + segments.reverse().join('');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** A node as messages name it: `a hint block`, `an emoji inline`. */
export const described = (node: { type?: unknown; object?: unknown }) => `${article(String(node.type))} ${String(node.type)} ${String(node.object)}`;

/** What holds the location, as messages name it: `the document`, `a list-item block`, `an image block's caption`. */
export function holderOf(location: NodeLocation): string {
  if (!location.holder) return 'the document';
  const holder = location.holder.node as { type?: unknown; object?: unknown; fragments?: { fragment?: unknown }[] };
  if (location.fragment === undefined) return described(holder);
  const name = holder.fragments?.[location.fragment]?.fragment;
  return `${described(holder)}'s ${typeof name === 'string' ? name : 'fragment'}`;
}

import { Block, Fragment, Inline, PageDocument, TableColumn, Text } from '@folio/kernel/document/document.model';

/**
 * One unit of translation: an inline run (a paragraph's, a heading's, a cell's paragraph's…) or a text held in
 * data (a tab's title, an image's alt), as nodes; `apply` puts the translated nodes in place of the originals.
 */
export interface TextUnit {
  nodes: (Text | Inline)[];
  apply(nodes: (Text | Inline)[]): void;
}

/** A text held in a field, as a unit of one plain text; `set` receives the translated text. */
export function stringUnit(text: string, set: (translated: string) => void): TextUnit {
  return {
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    apply: (nodes) => set(nodes.map((node) => (node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : '')).join('')),
  };
}

/**
 * The units of a document, in reading order, for a translation that changes them in place (give it a copy).
 * Never sent: code blocks (their lines), math, and every block's data but the few fields that are prose
 * (a tab's title, an image's alt, an inline image's alt and caption, a button's label, a prompt's
 * description, a table's column titles and select labels); keys, references, URLs, expressions, icons stay.
 * Fragments (a table's cells, an image's caption, an expandable's title and body, an annotation's body)
 * are walked as blocks.
 */
export function documentUnits(document: PageDocument): TextUnit[] {
  const units: TextUnit[] = [];
  const field = <T extends object, K extends keyof T>(owner: T, name: K) => {
    const value = owner[name];
    if (typeof value === 'string' && value.trim()) units.push(stringUnit(value, (text) => (owner[name] = text as T[K])));
  };

  const inlines = (nodes: readonly (Text | Inline)[]) => {
    for (const node of nodes) {
      if (node.object === 'text') continue;
      if (node.type === 'link') inlines(node.nodes);
      else if (node.type === 'inline-image') {
        field(node.data, 'alt');
        field(node.data, 'caption');
      } else if (node.type === 'button') field(node.data, 'label');
      else if (node.type === 'annotation') node.fragments.forEach((fragment) => blocks(fragment.nodes));
    }
  };
  const fragments = (list: readonly Fragment[]) => list.forEach((fragment) => blocks(fragment.nodes));
  const columns = (definition: Record<string, TableColumn>) => {
    for (const column of Object.values(definition)) {
      field(column, 'title');
      if (column.type === 'select') column.options.forEach((option) => field(option, 'label'));
    }
  };
  const block = (node: Block) => {
    switch (node.type) {
      case 'code':
      case 'code-line':
      case 'math':
        return;
      case 'paragraph':
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
        units.push({ nodes: node.nodes, apply: (nodes) => (node.nodes = nodes) });
        return inlines(node.nodes);
      case 'tabs-item':
        field(node.data, 'title');
        break;
      case 'image':
        field(node.data, 'alt');
        break;
      case 'prompt':
        field(node.data, 'description');
        break;
      case 'table':
        columns(node.data.definition);
        break;
    }
    if ('fragments' in node) fragments(node.fragments);
    if ('nodes' in node) blocks(node.nodes as Block[]);
  };
  const blocks = (nodes: readonly Block[]) => nodes.forEach(block);
  blocks(document.nodes);
  return units;
}

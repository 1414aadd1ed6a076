import { anyString, Check, fields } from './value-checks';

/** What a fragment of a node is named, typed and holds (an image's caption, an expandable's body, an annotation's body). */
export interface FragmentSchema {
  /** The name it must have; any string (or none) when left out. */
  fragment?: string;
  /** The type it must have; any string (or none) when left out. */
  type?: string;
  holds: ReadonlySet<string>;
  min?: number;
  max?: number;
}

/**
 * One block or inline type of the client's JSONDocument: its `data`, whether it is void, the node types
 * its `nodes` may hold (`text` for a text node) and the fragments it carries.
 */
export interface NodeSchema {
  data: Check;
  dataRequired: boolean;
  /** `void`: isVoid must be true and there are no nodes; otherwise isVoid may be false (`required`: must). */
  isVoid: 'void' | 'optional' | 'required';
  nodes?: { holds: ReadonlySet<string>; min?: number; max?: number };
  /** The fragments it must carry, one schema per name (a single unnamed schema judges every fragment). */
  fragments?: readonly FragmentSchema[];
  /** Whether it may leave its fragments out (a caption Folio keeps only where one was written). */
  fragmentsOptional?: boolean;
  meta?: Check;
}

/** The `meta` GitBook answers on some nodes (an anchor id); accepted as given. */
export const metaWithId = fields({ id: anyString });

/** A union of type names, as a container's `holds`. */
export const types = (...groups: (readonly string[] | string)[]): ReadonlySet<string> => new Set(groups.flat());

/** The spec's DocumentBlocksEssentials: what nearly every container holds. */
export const ESSENTIALS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'] as const;

/** The spec's DocumentBlocksTopLevels: what a document (and an `if`) holds. */
export const TOP_LEVELS = [
  ...ESSENTIALS,
  'blockquote', 'hint', 'prompt', 'images', 'file', 'drawing', 'embed', 'code', 'math', 'expandable', 'tabs', 'table',
  'swagger', 'openapi-operation', 'openapi-schemas', 'openapi-webhook', 'content-ref', 'integration', 'reusable-content',
  'stepper', 'if', 'columns', 'updates',
] as const; // prettier-ignore

/**
 * What a tab, a step and an update hold alike (each adds its own few). The spec's lists leave out nestings GitBook
 * itself writes and its public documentation uses (a table or tabs in a step, a stepper in a tab, a table in a
 * tab), so a page GitBook wrote could not be sent back as JSON: these take the spec's list and those four.
 */
export const STEP_CONTENT = [
  ...ESSENTIALS,
  'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'prompt', 'blockquote', 'math', 'integration',
  'table', 'tabs', 'stepper', 'expandable',
] as const; // prettier-ignore

/** The inline types of the spec, and texts: what a paragraph or a heading holds. */
export const INLINE_CONTENT = ['text', 'link', 'emoji', 'icon', 'expression', 'inline-math', 'inline-image', 'annotation', 'mention', 'button'] as const;

/**
 * The text GitBook writes inside a file, embed, page-reference or OpenAPI tag (`{% file %}caption{% endfile %}`),
 * for which the spec has no field: Markdown keeps it in a `caption` fragment, only where one was written, so a
 * page read as JSON can be sent back. Folio's one addition to the spec's blocks.
 */
export const WRITTEN_CAPTION: Pick<NodeSchema, 'fragments' | 'fragmentsOptional'> = {
  fragments: [{ fragment: 'caption', holds: types(TOP_LEVELS) }],
  fragmentsOptional: true,
};

/** The spec's DocumentBlock: every block type, what a table cell's fragment may hold. */
export const BLOCK_TYPES = [
  ...TOP_LEVELS,
  'list-item', 'image', 'code-line', 'tabs-item', 'stepper-step', 'column', 'update',
] as const; // prettier-ignore

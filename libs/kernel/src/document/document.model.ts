/**
 * The page document model of the client's spec (JSONDocument): blocks hold blocks, inlines or texts;
 * texts hold leaves; leaves carry marks. Field names and enum values are the spec's. Only the node kinds
 * Folio converts to and from markdown are spelled out; any other block of the spec is kept as it came.
 */

import type { ContentRef, ImageRef } from './content-ref.model';
import type { Inline, Text } from './inline.model';

export * from './content-ref.model';
export * from './inline.model';

interface BlockBase<T extends string> {
  object: 'block';
  type: T;
  key?: string;
}

export interface Paragraph extends BlockBase<'paragraph'> {
  data?: { align?: 'start' | 'center' | 'end' };
  nodes: (Text | Inline)[];
}
export interface Heading extends BlockBase<'heading-1' | 'heading-2' | 'heading-3'> {
  data: { id?: string };
  nodes: (Text | Inline)[];
}
export interface ListItem extends BlockBase<'list-item'> {
  data?: { checked?: boolean };
  nodes: Block[];
}
export interface ListOrdered extends BlockBase<'list-ordered'> {
  data: { start?: number };
  nodes: ListItem[];
}
export interface ListUnordered extends BlockBase<'list-unordered'> {
  data?: Record<string, never>;
  nodes: ListItem[];
}
export interface ListTasks extends BlockBase<'list-tasks'> {
  data?: Record<string, never>;
  nodes: ListItem[];
}
export interface Divider extends BlockBase<'divider'> {
  data: Record<string, never>;
  isVoid: true;
}
export interface Blockquote extends BlockBase<'blockquote'> {
  data?: Record<string, never>;
  nodes: Block[];
}
export type HintStyle = 'info' | 'warning' | 'danger' | 'success';
export const HINT_STYLES: readonly HintStyle[] = ['info', 'warning', 'danger', 'success'];
export interface Hint extends BlockBase<'hint'> {
  data: { style: HintStyle };
  nodes: Block[];
}
export interface CodeLine extends BlockBase<'code-line'> {
  data: { highlighted?: boolean };
  nodes: Text[];
}
export interface Code extends BlockBase<'code'> {
  data: { syntax?: string; title?: string; lineNumbers?: boolean };
  nodes: CodeLine[];
}
export interface MathBlock extends BlockBase<'math'> {
  data: { formula: string };
  isVoid: true;
}

/** A named piece of a void block's content: a table cell, an expandable's title or body. */
export interface Fragment {
  object: 'fragment';
  key?: string;
  fragment: string;
  type?: string;
  nodes: Block[];
}

export type ColumnAlignment = 'left' | 'center' | 'right';
export interface TextColumn {
  id: string;
  title: string;
  type: 'text';
  textAlignment: ColumnAlignment;
}
export interface TableRecord {
  orderIndex: string;
  /** For a text column: the name of the fragment holding the cell's content. */
  values: Record<string, string>;
}
export interface Table extends BlockBase<'table'> {
  data: {
    view: { type: 'grid'; columns: string[]; hideHeader: boolean };
    records: Record<string, TableRecord>;
    definition: Record<string, TextColumn>;
  };
  fragments: Fragment[];
  isVoid: true;
}

export interface Image extends BlockBase<'image'> {
  data: { ref: ImageRef; alt?: string };
  fragments: Fragment[];
  isVoid: true;
}
export interface Images extends BlockBase<'images'> {
  data: Record<string, never>;
  nodes: Image[];
  isVoid: false;
}
export interface FileBlock extends BlockBase<'file'> {
  data: { ref: Extract<ContentRef, { kind: 'file' }> };
  isVoid: true;
}
export interface Expandable extends BlockBase<'expandable'> {
  data: { defaultExpanded?: boolean };
  fragments: Fragment[];
  isVoid: true;
}
export interface TabsItem extends BlockBase<'tabs-item'> {
  data: { title?: string };
  nodes: Block[];
}
export interface Tabs extends BlockBase<'tabs'> {
  nodes: TabsItem[];
}
export interface ContentRefBlock extends BlockBase<'content-ref'> {
  data: { ref: ContentRef };
  isVoid: true;
}

export type Block =
  | Paragraph
  | Heading
  | ListOrdered
  | ListUnordered
  | ListTasks
  | ListItem
  | Divider
  | Blockquote
  | Hint
  | Code
  | CodeLine
  | MathBlock
  | Table
  | Images
  | Image
  | FileBlock
  | Expandable
  | Tabs
  | TabsItem
  | ContentRefBlock;

export interface PageDocument {
  object: 'document';
  data: { schemaVersion?: number };
  nodes: Block[];
}

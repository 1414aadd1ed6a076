/**
 * The page document model of the client's spec (JSONDocument): blocks hold blocks, inlines or texts;
 * texts hold leaves; leaves carry marks. Field names and enum values are the spec's: every DocumentBlock of the
 * spec is spelled out here, and the Markdown dialect (markdown/) reads and writes each of them.
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
  data?: { align?: TextAlignment };
  nodes: (Text | Inline)[];
}
export type TextAlignment = 'start' | 'center' | 'end';
export type VerticalAlignment = 'top' | 'middle' | 'bottom';
/** A size: pixels, or a value with its unit (`{ unit: '%', value: 50 }`). */
export type Length = number | { unit: string; value: number };

export interface Heading extends BlockBase<'heading-1' | 'heading-2' | 'heading-3'> {
  data: { id?: string; align?: TextAlignment };
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
  data: { style: HintStyle; icon?: string };
  nodes: Block[];
}
export interface CodeLine extends BlockBase<'code-line'> {
  data: { highlighted?: boolean };
  nodes: Text[];
}
export interface Code extends BlockBase<'code'> {
  data: {
    syntax?: string;
    title?: string;
    overflow?: string;
    lineNumbers?: boolean;
    fullWidth?: boolean;
    expandable?: boolean;
    collapsedLineCount?: number;
  };
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
interface ColumnBase {
  id: string;
  title: string;
}
export interface TextColumn extends ColumnBase {
  type: 'text';
  textAlignment: ColumnAlignment;
  verticalAlignment?: VerticalAlignment;
}
export interface SelectOption {
  value: string;
  label: string;
  color: string;
}
/** A table column's definition (DocumentTableDefinition): what its cells hold. */
export type TableColumn =
  | TextColumn
  | (ColumnBase & { type: 'number' | 'checkbox' | 'files' | 'content-ref' | 'image' })
  | (ColumnBase & { type: 'users'; multiple: boolean })
  | (ColumnBase & { type: 'rating'; max: number })
  | (ColumnBase & { type: 'select'; multiple: boolean; options: SelectOption[] });
/** An image column's cell: a reference, or one with its fit and alt text. */
export type TableImageValue = ImageRef | { ref: ImageRef; objectFit?: string; alt?: string };
/** A cell: a text column's fragment name, a number, a checkbox, file ids, a reference, an image. */
export type TableValue = string | number | boolean | null | string[] | ContentRef | TableImageValue;
export interface TableRecord {
  orderIndex: string;
  values: Record<string, TableValue>;
}
export interface GridView {
  type: 'grid';
  columns: string[];
  columnWidths?: Record<string, number>;
  hideHeader: boolean;
  stickyHeader?: boolean;
  stickyFirstColumn?: boolean;
  useNewSizing?: boolean;
}
export interface CardsView {
  type: 'cards';
  cardSize: 'medium' | 'large';
  columns: string[];
  targetDefinition?: string;
  coverDefinition?: string;
  coverDefinitionDark?: string;
  hideColumnTitle?: boolean;
  wrap?: boolean;
}
export interface Table extends BlockBase<'table'> {
  data: {
    view: GridView | CardsView;
    records: Record<string, TableRecord>;
    definition: Record<string, TableColumn>;
    fullWidth?: boolean;
    search?: boolean;
  };
  fragments: Fragment[];
  isVoid: true;
}

export interface Image extends BlockBase<'image'> {
  data: { ref: ImageRef; refDark?: ImageRef; width?: Length; height?: Length; alt?: string };
  fragments: Fragment[];
  isVoid: true;
}
export interface Images extends BlockBase<'images'> {
  data: { align?: string; fullWidth?: boolean; withFrame?: boolean };
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
export interface Drawing extends BlockBase<'drawing'> {
  data: { ref: Extract<ContentRef, { kind: 'file' }> };
  isVoid: true;
}
export interface Embed extends BlockBase<'embed'> {
  data: { url: string; fullWidth?: boolean };
  isVoid: true;
}
export interface TabsItem extends BlockBase<'tabs-item'> {
  data: { title?: string; icon?: string; slug?: string };
  nodes: Block[];
}
export interface Tabs extends BlockBase<'tabs'> {
  data?: { fullWidth?: boolean };
  nodes: TabsItem[];
}
export interface StepperStep extends BlockBase<'stepper-step'> {
  data: { icon?: string };
  nodes: Block[];
}
export interface Stepper extends BlockBase<'stepper'> {
  data?: Record<string, never>;
  nodes: StepperStep[];
}
export interface Column extends BlockBase<'column'> {
  data: { width?: Length; verticalAlignment?: VerticalAlignment };
  nodes: Block[];
}
export interface Columns extends BlockBase<'columns'> {
  data: { fullWidth?: boolean };
  nodes: Column[];
  isVoid: false;
}
export interface Update extends BlockBase<'update'> {
  /** date: an ISO timestamp (the spec's Timestamp; GitBook's Markdown writes a day); tags: references to the revision's tags. */
  data: { date: string; tags?: Extract<ContentRef, { kind: 'tag' }>[] };
  nodes: Block[];
}
export interface Updates extends BlockBase<'updates'> {
  data: { format?: string };
  nodes: Update[];
}
export interface IfBlock extends BlockBase<'if'> {
  data: { expression?: string };
  nodes: Block[];
}
export interface Prompt extends BlockBase<'prompt'> {
  data: { description?: string; icon?: string; openInAIProviders?: boolean; defaultExpanded?: string };
  nodes: Block[];
}
export interface ReusableContentBlock extends BlockBase<'reusable-content'> {
  data: { ref: Extract<ContentRef, { kind: 'reusable-content' }> };
  isVoid: true;
}
export interface Integration extends BlockBase<'integration'> {
  data: { integration: string; block: string; props?: Record<string, unknown>; action?: Record<string, unknown>; url?: string; fullWidth?: boolean };
  isVoid: true;
}
/** `{% openapi src path method %}`: the spec's DocumentBlockOpenAPI, whose type is still `swagger`. */
export interface Swagger extends BlockBase<'swagger'> {
  data: { ref: ImageRef; path?: string; method?: string; expanded?: boolean; fullWidth?: boolean };
  isVoid: true;
}
type OpenAPIRef = Extract<ContentRef, { kind: 'openapi' }>;
export interface OpenAPIOperation extends BlockBase<'openapi-operation'> {
  data: { ref: OpenAPIRef; path: string; method: string; headless?: boolean };
  isVoid: true;
}
export interface OpenAPISchemas extends BlockBase<'openapi-schemas'> {
  data: { ref: OpenAPIRef; schemas: string[]; grouped?: boolean; title?: string };
  isVoid: true;
}
export interface OpenAPIWebhook extends BlockBase<'openapi-webhook'> {
  data: { ref: OpenAPIRef; name: string; method: string; headless?: boolean };
  isVoid: true;
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
  | ContentRefBlock
  | Drawing
  | Embed
  | Stepper
  | StepperStep
  | Columns
  | Column
  | Updates
  | Update
  | IfBlock
  | Prompt
  | ReusableContentBlock
  | Integration
  | Swagger
  | OpenAPIOperation
  | OpenAPISchemas
  | OpenAPIWebhook;

export interface PageDocument {
  object: 'document';
  /** frontMatter: the page's front-matter keys that are no page field, kept as written (markdown/front-matter.ts). */
  data: { schemaVersion?: number; frontMatter?: Record<string, unknown> };
  nodes: Block[];
}

import { Block } from '@folio/kernel/document/document.model';
import { TargetUse } from '../dialect';

/**
 * GitBook's `{% … %}` blocks, one row each: the tag, the block type it reads as, what it encloses, and its
 * attributes in the order they are written, each to the block's data field of the spec and read as its kind.
 * The generic reader and writer (tag-blocks.ts) follow this table; a tag whose attributes are not all listed
 * here is kept verbatim, so nothing written is lost.
 */
export type AttributeKind = 'string' | 'boolean' | 'number' | 'list' | 'length' | 'date' | 'tags';

export interface TagForm {
  tag: string;
  type: Block['type'];
  /**
   * blocks: its content as blocks (`nodes`); items: only the tags of `item` (tabs hold tabs); caption: a
   * block of its own whose enclosed text is its caption (a fragment); none: a tag alone.
   */
  content: 'blocks' | 'items' | 'caption' | 'none';
  item?: string;
  /** The attribute holding a reference (`src`, `url`, `spec`) and what it is read as. */
  ref?: { attribute: string; use: TargetUse | 'openapi' };
  attributes: readonly (readonly [attribute: string, field: string, kind: AttributeKind])[];
  /** Fields the spec requires, besides the reference: without them the tag is kept verbatim. */
  required?: readonly string[];
  /** The one block type its content must be (a prompt holds one code block); any other content is kept verbatim. */
  holdsOne?: Block['type'];
}

/** A block of a spec registered with the organization (`spec="name"`), its link to the spec as its caption. */
function openapiForm(tag: 'openapi-operation' | 'openapi-schemas' | 'openapi-webhook', attributes: TagForm['attributes'], required: string[]): TagForm {
  return { tag, type: tag, content: 'caption', ref: { attribute: 'spec', use: 'openapi' }, attributes, required };
}

export const TAG_FORMS: readonly TagForm[] = [
  { tag: 'hint', type: 'hint', content: 'blocks', attributes: [['style', 'style', 'string'], ['icon', 'icon', 'string']], required: ['style'] },
  { tag: 'tabs', type: 'tabs', content: 'items', item: 'tab', attributes: [['fullWidth', 'fullWidth', 'boolean']] },
  { tag: 'tab', type: 'tabs-item', content: 'blocks', attributes: [['title', 'title', 'string'], ['icon', 'icon', 'string'], ['slug', 'slug', 'string']] },
  { tag: 'stepper', type: 'stepper', content: 'items', item: 'step', attributes: [] },
  { tag: 'step', type: 'stepper-step', content: 'blocks', attributes: [['icon', 'icon', 'string']] },
  { tag: 'columns', type: 'columns', content: 'items', item: 'column', attributes: [['fullWidth', 'fullWidth', 'boolean']] },
  { tag: 'column', type: 'column', content: 'blocks', attributes: [['width', 'width', 'length'], ['valign', 'verticalAlignment', 'string']] },
  { tag: 'updates', type: 'updates', content: 'items', item: 'update', attributes: [['format', 'format', 'string']] },
  { tag: 'update', type: 'update', content: 'blocks', attributes: [['date', 'date', 'date'], ['tags', 'tags', 'tags']], required: ['date'] },
  {
    tag: 'prompt',
    type: 'prompt',
    content: 'blocks',
    holdsOne: 'code',
    attributes: [['description', 'description', 'string'], ['icon', 'icon', 'string'], ['openInAIProviders', 'openInAIProviders', 'boolean'], ['defaultExpanded', 'defaultExpanded', 'string']],
  },
  { tag: 'file', type: 'file', content: 'caption', ref: { attribute: 'src', use: 'file' }, attributes: [] },
  /** GitBook has no Markdown for a drawing: Folio writes `{% drawing src="…svg" %}` (kept verbatim by GitBook). */
  { tag: 'drawing', type: 'drawing', content: 'none', ref: { attribute: 'src', use: 'file' }, attributes: [] },
  { tag: 'embed', type: 'embed', content: 'caption', attributes: [['url', 'url', 'string'], ['fullWidth', 'fullWidth', 'boolean']], required: ['url'] },
  { tag: 'content-ref', type: 'content-ref', content: 'caption', ref: { attribute: 'url', use: 'content-ref' }, attributes: [] },
  {
    tag: 'openapi',
    type: 'swagger',
    content: 'caption',
    ref: { attribute: 'src', use: 'file' },
    attributes: [['path', 'path', 'string'], ['method', 'method', 'string'], ['expanded', 'expanded', 'boolean'], ['fullWidth', 'fullWidth', 'boolean']],
  },
  openapiForm('openapi-operation', [['path', 'path', 'string'], ['method', 'method', 'string'], ['headless', 'headless', 'boolean']], ['path', 'method']),
  openapiForm('openapi-schemas', [['schemas', 'schemas', 'list'], ['grouped', 'grouped', 'boolean'], ['title', 'title', 'string']], ['schemas']),
  openapiForm('openapi-webhook', [['name', 'name', 'string'], ['method', 'method', 'string'], ['headless', 'headless', 'boolean']], ['name', 'method']),
];

export const FORM_OF_TAG: ReadonlyMap<string, TagForm> = new Map(TAG_FORMS.map((form) => [form.tag, form]));
export const FORM_OF_TYPE: ReadonlyMap<string, TagForm> = new Map(TAG_FORMS.map((form) => [form.type, form]));

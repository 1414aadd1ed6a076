import { ESSENTIALS, INLINE_CONTENT, metaWithId, NodeSchema, types } from './node-schema';
import { icon, textAlignment } from './shared-values';
import { anyString, boolean, fields, integer, number, oneOf, optional, string } from './value-checks';

/** Blocks of text: paragraphs, headings, lists, quotes, hints, code, math and prompts. */

const inlineContent = { holds: types(INLINE_CONTENT) };
const heading: NodeSchema = {
  data: fields({ id: optional(string({ pattern: /^[-a-z0-9.+_]+$/ })), align: optional(textAlignment) }),
  dataRequired: true,
  isVoid: 'optional',
  nodes: inlineContent,
  meta: metaWithId,
};
const list = (dataRequired: boolean, data = fields({})): NodeSchema => ({ data, dataRequired, isVoid: 'optional', nodes: { holds: types('list-item') } });

export const TEXT_BLOCKS: Record<string, NodeSchema> = {
  paragraph: { data: fields({ align: optional(textAlignment) }), dataRequired: false, isVoid: 'optional', nodes: inlineContent },
  'heading-1': heading,
  'heading-2': heading,
  'heading-3': heading,
  'list-ordered': list(true, fields({ start: optional(number) })),
  'list-unordered': list(false),
  'list-tasks': list(false),
  'list-item': {
    data: fields({ checked: optional(boolean) }),
    dataRequired: false,
    isVoid: 'optional',
    // The spec's list and images: GitBook writes a figure inside a list item (a screenshot under a numbered step).
    nodes: { holds: types(ESSENTIALS, 'code', 'hint', 'blockquote', 'math', 'table', 'images') },
  },
  divider: { data: fields({}), dataRequired: true, isVoid: 'void' },
  blockquote: { data: fields({}), dataRequired: false, isVoid: 'optional', nodes: { holds: types(ESSENTIALS, 'blockquote') } },
  hint: {
    data: fields({ style: oneOf(['info', 'warning', 'danger', 'success']), icon: optional(icon) }),
    dataRequired: true,
    isVoid: 'optional',
    nodes: { holds: types(ESSENTIALS, 'embed', 'integration', 'table') },
  },
  code: {
    data: fields({
      syntax: optional(anyString),
      title: optional(anyString),
      overflow: optional(oneOf(['scroll', 'wrap'])),
      lineNumbers: optional(boolean),
      fullWidth: optional(boolean),
      expandable: optional(boolean),
      collapsedLineCount: optional(integer({ min: 1 })),
    }),
    dataRequired: true,
    isVoid: 'optional',
    nodes: { holds: types('code-line') },
  },
  'code-line': { data: fields({ highlighted: optional(boolean) }), dataRequired: true, isVoid: 'optional', nodes: { holds: types('text', 'annotation', 'expression') } },
  math: { data: fields({ formula: anyString }), dataRequired: true, isVoid: 'void' },
  prompt: {
    data: fields({
      description: anyString,
      icon: optional(icon),
      openInAIProviders: optional(boolean),
      defaultExpanded: optional(oneOf(['hidden', 'partial', 'full'])),
    }),
    dataRequired: true,
    isVoid: 'optional',
    nodes: { holds: types('code'), min: 1, max: 1 },
  },
};

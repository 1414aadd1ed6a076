import { ESSENTIALS, metaWithId, NodeSchema, STEP_CONTENT, TOP_LEVELS, types } from './node-schema';
import { icon, length, tagRef, verticalAlignment } from './shared-values';
import { anyString, arrayOf, boolean, dateTime, fields, oneOf, optional } from './value-checks';

/** Blocks that lay other blocks out: expandables, tabs, steppers, columns, updates and conditions. */

const container = (holds: ReadonlySet<string>, data: NodeSchema['data'], dataRequired = true, extra: Partial<NodeSchema> = {}): NodeSchema => ({
  data,
  dataRequired,
  isVoid: 'optional',
  nodes: { holds },
  ...extra,
});

export const LAYOUT_BLOCKS: Record<string, NodeSchema> = {
  expandable: {
    data: fields({ defaultExpanded: optional(boolean) }),
    dataRequired: true,
    isVoid: 'void',
    fragments: [
      { fragment: 'expandable-title', type: 'expandable-title', holds: types('paragraph'), min: 1, max: 1 },
      {
        fragment: 'expandable-body',
        type: 'expandable-body',
        holds: types(ESSENTIALS, 'file', 'images', 'code', 'table', 'hint', 'prompt', 'blockquote', 'reusable-content', 'integration'),
        min: 1,
      },
    ],
    meta: metaWithId,
  },
  tabs: container(types('tabs-item'), fields({ fullWidth: optional(boolean) }), false),
  'tabs-item': container(types(STEP_CONTENT), fields({ title: optional(anyString), icon: optional(icon), slug: optional(anyString) }), true, { meta: metaWithId }),
  stepper: container(types('stepper-step'), fields({}), false),
  'stepper-step': container(types(STEP_CONTENT, 'expandable'), fields({ icon: optional(anyString) })),
  columns: { ...container(types('column'), fields({ fullWidth: optional(boolean) })), isVoid: 'required' },
  column: container(
    types(ESSENTIALS, 'images', 'code', 'hint', 'prompt', 'content-ref', 'drawing', 'embed', 'file', 'integration', 'math', 'blockquote', 'table', 'expandable', 'stepper'),
    fields({ width: optional(length), verticalAlignment: optional(verticalAlignment) }),
  ),
  updates: container(types('update'), fields({ format: oneOf(['numeric', 'full', 'short']) })),
  update: container(types(STEP_CONTENT, 'tabs', 'expandable'), fields({ date: dateTime, tags: optional(arrayOf(tagRef)) })),
  if: container(types(TOP_LEVELS), fields({ expression: anyString })),
};

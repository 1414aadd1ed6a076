import { ESSENTIALS, NodeSchema, types } from './node-schema';
import { contentRef, fileOrUrlRef, icon, textColor } from './shared-values';
import { anyString, byField, Check, fail, fields, holds, isObject, oneOf, optional } from './value-checks';

/** The inline types of the spec: links, mentions, emojis, icons, expressions, math, images, annotations, buttons. */

const voidInline = (data: Check): NodeSchema => ({ data, dataRequired: true, isVoid: 'void' });

const action = byField('action', {
  search: fields({ action: anyString, query: optional(anyString) }),
  ask: fields({ action: anyString, query: optional(anyString) }),
  select: fields({ action: anyString, slug: anyString }),
});
const button = { label: anyString, kind: oneOf(['primary', 'secondary']), size: optional(oneOf(['small', 'medium', 'large'])), icon: optional(icon) };
const linkButton = fields({ ...button, ref: contentRef });
const actionButton = fields({ ...button, action });

/** A button leads somewhere (`ref`) or does something (`action`): exactly one of the two. */
const buttonData: Check = (value) => {
  const has = (name: string) => isObject(value) && holds(value, name);
  if (has('ref') && has('action')) return fail('give ref or action, not both');
  return (has('action') ? actionButton : linkButton)(value);
};

export const INLINES: Record<string, NodeSchema> = {
  link: { data: fields({ ref: contentRef }), dataRequired: true, isVoid: 'optional', nodes: { holds: types('text', 'inline-image') } },
  mention: voidInline(fields({ ref: contentRef })),
  emoji: voidInline(fields({ code: anyString })),
  icon: voidInline(fields({ icon: anyString, color: optional(textColor) })),
  expression: voidInline(fields({ expression: anyString })),
  'inline-math': voidInline(fields({ formula: anyString })),
  'inline-image': voidInline(
    fields({ ref: fileOrUrlRef, refDark: optional(fileOrUrlRef), caption: optional(anyString), alt: optional(anyString), size: optional(oneOf(['original', 'line'])) }),
  ),
  annotation: {
    data: fields({}),
    dataRequired: false,
    isVoid: 'required',
    nodes: { holds: types('text') },
    fragments: [{ type: 'annotation-body', holds: types(ESSENTIALS, 'code'), min: 1 }],
  },
  button: voidInline(buttonData),
};

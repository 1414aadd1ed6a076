import { textColor } from './shared-values';
import { anyString, arrayOf, byField, fields, oneOf, optional, string } from './value-checks';

/** Texts, their leaves and the marks on them: the end of every walk, judged whole. */

/** A node's key: Folio pairs blocks across versions by it, so it is a short non-empty string. */
export const nodeKey = string({ min: 1, max: 256 });

const plainMark = fields({ object: oneOf(['mark']), type: anyString });

export const MARK_TYPES = ['bold', 'italic', 'code', 'keyboard', 'strikethrough', 'color', 'superscript', 'subscript'] as const;

export const mark = byField('type', {
  ...Object.fromEntries(MARK_TYPES.map((type) => [type, plainMark])),
  color: fields({ object: oneOf(['mark']), type: anyString, data: fields({ text: textColor, background: textColor }) }),
});

const leaf = fields({ object: oneOf(['leaf']), text: anyString, marks: arrayOf(mark) });

export const text = fields({ object: oneOf(['text']), key: optional(nodeKey), leaves: arrayOf(leaf) });

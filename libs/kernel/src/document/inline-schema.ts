import { BUTTON_KINDS, BUTTON_SIZES, TEXT_COLORS } from './inline.model';

/**
 * The client's schemas of an inline's `data` (DocumentInline*) and of a mark (DocumentTextMark), as checks a JSON
 * document given to the API passes before it is stored: each answers what is wrong, or undefined. Only the shape
 * the spec states is judged (references are judged where they are resolved).
 */
export const INLINE_TYPES = ['link', 'mention', 'emoji', 'icon', 'expression', 'inline-math', 'inline-image', 'annotation', 'button'] as const;
export const MARK_TYPES = ['bold', 'italic', 'code', 'keyboard', 'strikethrough', 'color', 'superscript', 'subscript'] as const;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const has = (fields: Fields, name: string) => Object.prototype.hasOwnProperty.call(fields, name) && fields[name] !== undefined;
const oneOf = (values: readonly string[]) => (value: unknown) => typeof value === 'string' && values.includes(value);
const isString = (value: unknown) => typeof value === 'string';
const isRef = (value: unknown) => isObject(value) && typeof value.kind === 'string';
const isImageRef = (value: unknown) => isRef(value) && ((value as Fields).kind === 'url' || (value as Fields).kind === 'file');
const isColor = oneOf(TEXT_COLORS);

type Check = (value: unknown) => boolean;
/** Per inline type: its data's fields, each required or not, with its check. */
const DATA: Record<(typeof INLINE_TYPES)[number], Record<string, [required: boolean, check: Check, says: string]>> = {
  link: { ref: [true, isRef, 'a content reference'] },
  mention: { ref: [true, isRef, 'a content reference'] },
  emoji: { code: [true, isString, 'a string'] },
  icon: { icon: [true, (v) => isString(v) && (v as string).length <= 50, 'an icon name of at most 50 characters'], color: [false, isColor, `one of ${TEXT_COLORS.join(', ')}`] },
  expression: { expression: [true, isString, 'a string'] },
  'inline-math': { formula: [true, isString, 'a string'] },
  'inline-image': {
    ref: [true, isImageRef, 'a url or file reference'],
    refDark: [false, isImageRef, 'a url or file reference'],
    caption: [false, isString, 'a string'],
    alt: [false, isString, 'a string'],
    size: [false, oneOf(['original', 'line']), 'original or line'],
  },
  annotation: {},
  button: {
    label: [true, isString, 'a string'],
    kind: [true, oneOf(BUTTON_KINDS), BUTTON_KINDS.join(' or ')],
    size: [false, oneOf(BUTTON_SIZES), BUTTON_SIZES.join(', ')],
    icon: [false, (v) => isString(v) && (v as string).length <= 50, 'an icon name of at most 50 characters'],
    ref: [false, isRef, 'a content reference'],
    action: [false, isAction, 'a search, ask or select action'],
  },
};

function isAction(value: unknown): boolean {
  if (!isObject(value)) return false;
  const allowed = value.action === 'select' ? ['action', 'slug'] : ['action', 'query'];
  if (Object.keys(value).some((name) => !allowed.includes(name))) return false;
  if (value.action === 'select') return isString(value.slug);
  return (value.action === 'search' || value.action === 'ask') && (value.query === undefined || isString(value.query));
}

/** What is wrong with an inline's type and data (`data.kind: must be primary or secondary`), or undefined. */
export function inlineProblem(type: unknown, data: unknown): string | undefined {
  if (!(INLINE_TYPES as readonly unknown[]).includes(type)) return `type: must be one of ${INLINE_TYPES.join(', ')}`;
  const fields = DATA[type as (typeof INLINE_TYPES)[number]];
  const given: Fields = isObject(data) ? data : {};
  for (const name of Object.keys(given)) {
    if (!Object.prototype.hasOwnProperty.call(fields, name)) return `data.${name}: is not a field of a ${String(type)}`;
  }
  for (const [name, [required, check, says]] of Object.entries(fields)) {
    if (!has(given, name)) {
      if (required) return `data.${name}: is required`;
      continue;
    }
    if (!check(given[name])) return `data.${name}: must be ${says}`;
  }
  if (type === 'button' && has(given, 'ref') === has(given, 'action')) return 'data: a button has either a ref or an action';
  return undefined;
}

/** What is wrong with a mark (its type, a color's data), or undefined. */
export function markProblem(type: unknown, data: unknown): string | undefined {
  if (!(MARK_TYPES as readonly unknown[]).includes(type)) return `type: must be one of ${MARK_TYPES.join(', ')}`;
  if (type !== 'color') return data === undefined ? undefined : 'data: only a color mark has data';
  if (!isObject(data) || !isColor(data.text) || !isColor(data.background)) return `data: text and background must each be one of ${TEXT_COLORS.join(', ')}`;
  return Object.keys(data).some((name) => name !== 'text' && name !== 'background') ? 'data: holds only text and background' : undefined;
}

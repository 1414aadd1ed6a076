import { anyString, byField, Check, fields, number, oneOf, optional, string } from './value-checks';

/** The values several node types share, as the client's spec defines them: references, colors, sizes. */

const ref = (kind: string, field: string, ...optionalFields: string[]) =>
  fields({ kind: oneOf([kind]), [field]: anyString, ...Object.fromEntries(optionalFields.map((name) => [name, optional(anyString)])) });

const CONTENT_REFS = {
  file: ref('file', 'file', 'space'),
  url: ref('url', 'url'),
  page: ref('page', 'page', 'space'),
  anchor: ref('anchor', 'anchor', 'space', 'page'),
  user: ref('user', 'user'),
  collection: ref('collection', 'collection'),
  space: ref('space', 'space'),
  'reusable-content': ref('reusable-content', 'reusableContent', 'space'),
  tag: ref('tag', 'tag', 'space'),
  openapi: ref('openapi', 'spec'),
};

/** Any ContentRef: a link's, a mention's, a content-ref block's target. */
export const contentRef = byField('kind', CONTENT_REFS);
/** What an image shows: a file of the space or a URL. */
export const fileOrUrlRef = byField('kind', { file: CONTENT_REFS.file, url: CONTENT_REFS.url });
export const fileRef = byField('kind', { file: CONTENT_REFS.file });
export const reusableContentRef = byField('kind', { 'reusable-content': CONTENT_REFS['reusable-content'] });
export const openApiRef = byField('kind', { openapi: CONTENT_REFS.openapi });
export const tagRef = byField('kind', { tag: CONTENT_REFS.tag });

/** The spec's Icon: a name of at most 50 characters. */
export const icon = string({ max: 50 });

export const TEXT_COLORS = [
  'default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'pink', 'violet', 'cyan',
  '$primary', '$info', '$success', '$warning', '$danger', '$tint',
] as const; // prettier-ignore
export const textColor = oneOf(TEXT_COLORS);

export const textAlignment = oneOf(['start', 'center', 'end']);
export const verticalAlignment = oneOf(['top', 'middle', 'bottom']);

/** A width or height: a number, or a value with its unit. */
const withUnit = fields({ unit: anyString, value: number });
export const length: Check = (value) => (typeof value === 'number' ? number(value) : withUnit(value));

import { Invalid } from '@folio/platform/domain/errors';
import { ContentRef } from '@folio/kernel/document/document.model';

/** What a template's placeholder may point at: what a page's link or content-ref block can hold. */
export type LinkRef = Extract<ContentRef, { kind: 'url' | 'file' | 'page' | 'anchor' | 'space' }>;

/** Ids as content references write them in markdown (`/pages/<id>`, `/spaces/<id>`): see content-ref-urls.ts. */
const CONTENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SPACE_ID = /^[A-Za-z0-9]{1,64}$/;
const MAX_URL = 2048;
const MAX_ANCHOR = 256;

type Field = { pattern: RegExp; describe: string } | { max: number };
const id: Field = { pattern: CONTENT_ID, describe: 'an id (letters, digits, _ and -, at most 64)' };
const spaceId: Field = { pattern: SPACE_ID, describe: 'a space id (letters and digits, at most 64)' };

/** Each kind a page can link to: its fields, required first (the spec's ContentRef*). */
const KINDS: Record<LinkRef['kind'], { required: Record<string, Field>; optional: Record<string, Field> }> = {
  url: { required: { url: { max: MAX_URL } }, optional: {} },
  file: { required: { file: id }, optional: { space: spaceId } },
  page: { required: { page: id }, optional: { space: spaceId } },
  anchor: { required: { anchor: { max: MAX_ANCHOR } }, optional: { page: id, space: spaceId } },
  space: { required: { space: spaceId }, optional: {} },
};

/**
 * One value of `params.contentRefs`, checked against the spec's ContentRef for the kinds a page can link
 * to. The spec's other kinds (user, collection, reusable-content, tag, openapi) have no link form in a
 * Folio page, so they are refused by name rather than dropped.
 */
export function contentRefParam(value: unknown, where: string): LinkRef {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Invalid(`${where}: must be a content reference object`);
  const { kind, ...fields } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(KINDS, kind)) {
    throw new Invalid(`${where}.kind: a page can link to ${Object.keys(KINDS).join(', ')}, not ${JSON.stringify(kind)}`);
  }
  const { required, optional } = KINDS[kind as LinkRef['kind']];
  for (const name of Object.keys(required)) if (fields[name] === undefined) throw new Invalid(`${where}.${name}: is required for a ${kind}`);
  for (const [name, field] of Object.entries(fields)) {
    const rule = required[name] ?? optional[name];
    if (!rule) throw new Invalid(`${where}.${name}: a ${kind} reference has no ${name}`);
    if (typeof field !== 'string') throw new Invalid(`${where}.${name}: must be a string`);
    if ('max' in rule ? field.length < 1 || field.length > rule.max : !rule.pattern.test(field)) {
      throw new Invalid(`${where}.${name}: must be ${'max' in rule ? `1 to ${rule.max} characters` : rule.describe}`);
    }
  }
  // An anchor is written `/spaces/<space>/pages/<page>#<anchor>`: another space's anchor needs its page.
  if (kind === 'anchor' && fields.space !== undefined && fields.page === undefined) {
    throw new Invalid(`${where}.page: is required for an anchor in another space`);
  }
  return { kind, ...fields } as LinkRef;
}

import { Invalid } from '@folio/platform/domain/errors';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { ImageRef } from '../document/document.model';
import { MetaLinkTarget, PageCover, PageLayout, PageMetaLinks, Variables } from '../tree/tree.model';
import { LinkContext, PageFrontMatter } from './dialect';

/**
 * A page's YAML front matter, both ways. GitBook's keys map to the page's fields: `description`, `icon`,
 * `hidden`, `noIndex`, `noRobotsIndex`, `if` (condition), `vars` (variables), `cover`/`coverY`/`coverHeight`
 * (cover), `layout.*` (layout, flattened: `layout.cover.size` is `coverSize`), `metaLinks`, and `title` (it names
 * the page over the leading heading, and stays among the kept keys too, so that the page is written with its
 * title where it was: writeFrontMatter). A known key of the wrong type is Invalid. Any other
 * key, or a known group holding what Folio does not know (a layout key it has no field for), is kept as written
 * in `extra`, which the caller stores with the page's document (`document.data.frontMatter`), so that writing
 * the page gives its front matter back.
 */
export interface FrontMatter {
  page: PageFrontMatter;
  extra: Record<string, unknown>;
}

const STRINGS = ['title', 'description', 'icon'] as const;
const BOOLEANS = ['hidden', 'noIndex', 'noRobotsIndex'] as const;
/** The layout's switches: front matter `layout.<name>.visible`. */
const VISIBLE = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'tags', 'actions', 'anchors'] as const;

export function readFrontMatter(yaml: string, links: LinkContext): FrontMatter {
  let value: unknown;
  try {
    value = parseYaml(yaml);
  } catch (error) {
    throw new Invalid(`The markdown's front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return { page: {}, extra: {} };
  if (typeof value !== 'object' || Array.isArray(value)) throw new Invalid("The markdown's front matter is not a mapping");
  const fields = new Map(Object.entries(value as Record<string, unknown>));
  const page: PageFrontMatter = {};
  const take = (key: string) => {
    const field = fields.get(key);
    fields.delete(key);
    return field;
  };
  for (const key of STRINGS) {
    if (!fields.has(key)) continue;
    const field = key === 'title' ? fields.get(key) : take(key);
    if (typeof field !== 'string') throw new Invalid(`The front matter's ${key} is not a string`);
    page[key] = field;
  }
  for (const key of BOOLEANS) {
    if (!fields.has(key)) continue;
    const field = take(key);
    if (typeof field !== 'boolean') throw new Invalid(`The front matter's ${key} is not a boolean`);
    page[key] = field;
  }
  if (typeof fields.get('if') === 'string') page.condition = take('if') as string;
  const vars = variables(fields.get('vars'));
  if (vars) {
    page.variables = vars;
    fields.delete('vars');
  }
  const layout = readLayout(fields.get('layout'));
  if (layout) {
    page.layout = layout;
    fields.delete('layout');
  }
  const cover = readCover(fields, links);
  if (cover) {
    page.cover = cover;
    for (const key of ['cover', 'coverY', 'coverHeight']) fields.delete(key);
  }
  const metaLinks = readMetaLinks(fields.get('metaLinks'), links);
  if (metaLinks) {
    page.metaLinks = metaLinks;
    fields.delete('metaLinks');
  }
  return { page, extra: Object.fromEntries(fields) };
}

function variables(value: unknown): Variables | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') ? Object.fromEntries(entries) : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function readLayout(value: unknown): PageLayout | undefined {
  if (!isRecord(value)) return undefined;
  const layout: PageLayout = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'width' && (field === 'default' || field === 'wide')) layout.width = field;
    else if (key === 'cover' && isRecord(field) && Object.keys(field).every((k) => ['visible', 'size', 'mask'].includes(k))) {
      if (typeof field.visible === 'boolean') layout.cover = field.visible;
      else if (field.visible !== undefined) return undefined;
      if (field.size === 'hero' || field.size === 'full' || field.size === 'background') layout.coverSize = field.size;
      else if (field.size !== undefined) return undefined;
      if (field.mask === 'none' || field.mask === 'radial') layout.coverMask = field.mask;
      else if (field.mask !== undefined) return undefined;
    } else if ((VISIBLE as readonly string[]).includes(key) && isRecord(field) && Object.keys(field).length === 1 && typeof field.visible === 'boolean') {
      layout[key as (typeof VISIBLE)[number]] = field.visible;
    } else {
      return undefined;
    }
  }
  return layout;
}

function readCover(fields: Map<string, unknown>, links: LinkContext): PageCover | undefined {
  const target = fields.get('cover');
  const y = fields.get('coverY');
  const height = fields.get('coverHeight');
  if (typeof target !== 'string' || (y !== undefined && typeof y !== 'number') || (height !== undefined && typeof height !== 'number')) return undefined;
  const ref = links.refOfTarget(target, 'cover');
  const image: ImageRef = ref?.kind === 'file' || ref?.kind === 'url' ? ref : { kind: 'url', url: target };
  return { ref: image, yPos: y ?? 0, ...(height !== undefined ? { height } : {}) };
}

function readMetaLinks(value: unknown, links: LinkContext): PageMetaLinks | undefined {
  if (!isRecord(value) || !Object.keys(value).every((key) => key === 'canonical' || key === 'alternates')) return undefined;
  const target = (field: unknown): MetaLinkTarget | undefined => {
    if (typeof field !== 'string') return undefined;
    const ref = links.refOfTarget(field, 'link');
    return ref?.kind === 'page' || ref?.kind === 'url' ? ref : { kind: 'url', url: field };
  };
  const metaLinks: PageMetaLinks = {};
  if (value.canonical !== undefined) {
    metaLinks.canonical = target(value.canonical);
    if (!metaLinks.canonical) return undefined;
  }
  if (value.alternates !== undefined) {
    if (!Array.isArray(value.alternates)) return undefined;
    const alternates = value.alternates.map(target);
    if (alternates.some((a) => a === undefined)) return undefined;
    metaLinks.alternates = alternates as MetaLinkTarget[];
  }
  return metaLinks;
}

/** Whether the page's title goes in its front matter: it was read from there, and is still the page's title. */
export function titleInFrontMatter(page: PageFrontMatter, extra: Record<string, unknown>): boolean {
  return page.title !== undefined && Object.prototype.hasOwnProperty.call(extra, 'title') && extra.title === page.title;
}

/** The front matter of a page (without its `---` lines), or '' when it has none. Keys in GitBook's order. */
export function writeFrontMatter(page: PageFrontMatter, extra: Record<string, unknown>, links: LinkContext): string {
  const out: Record<string, unknown> = {};
  if (titleInFrontMatter(page, extra)) out.title = page.title;
  if (page.description !== undefined) out.description = page.description;
  if (page.icon !== undefined) out.icon = page.icon;
  if (page.cover !== undefined) {
    if (page.cover.ref !== undefined) out.cover = links.targetOfRef(page.cover.ref, 'cover');
    out.coverY = page.cover.yPos;
    if (page.cover.height !== undefined) out.coverHeight = page.cover.height;
  }
  if (page.layout !== undefined) out.layout = writeLayout(page.layout);
  if (page.hidden !== undefined) out.hidden = page.hidden;
  if (page.noIndex !== undefined) out.noIndex = page.noIndex;
  if (page.noRobotsIndex !== undefined) out.noRobotsIndex = page.noRobotsIndex;
  if (page.condition !== undefined) out.if = page.condition;
  if (page.variables !== undefined) out.vars = page.variables;
  if (page.metaLinks !== undefined) {
    const { canonical, alternates } = page.metaLinks;
    out.metaLinks = {
      ...(canonical ? { canonical: links.targetOfRef(canonical, 'link') } : {}),
      ...(alternates ? { alternates: alternates.map((a) => links.targetOfRef(a, 'link')) } : {}),
    };
  }
  // A kept key never stands in for a page field: read back, a title or a flag of the wrong type would be refused.
  const fields: readonly string[] = [...STRINGS, ...BOOLEANS];
  for (const [key, value] of Object.entries(extra)) if (!Object.prototype.hasOwnProperty.call(out, key) && !fields.includes(key)) out[key] = value;
  if (Object.keys(out).length === 0) return '';
  return stringifyYaml(out, { blockQuote: 'folded', lineWidth: 80, minContentWidth: 0 }).trimEnd();
}

function writeLayout(layout: PageLayout): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (layout.width !== undefined) out.width = layout.width;
  if (layout.cover !== undefined || layout.coverSize !== undefined || layout.coverMask !== undefined) {
    out.cover = {
      ...(layout.cover !== undefined ? { visible: layout.cover } : {}),
      ...(layout.coverSize !== undefined ? { size: layout.coverSize } : {}),
      ...(layout.coverMask !== undefined ? { mask: layout.coverMask } : {}),
    };
  }
  for (const key of VISIBLE) if (layout[key] !== undefined) out[key] = { visible: layout[key] };
  return out;
}

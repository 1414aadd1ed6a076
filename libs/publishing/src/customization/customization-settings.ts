import { CustomizationSettings } from './customization.events';

/**
 * What customization settings mean when read: the defaults under what a site set, and a site space's
 * override over that. Pure functions over plain JSON, shared by the decider and the reads.
 *
 * Settings are merged by group: the objects below are groups of independent fields (styling, header,
 * footer…), merged field by field; everything else is one value, replaced whole (a color, a logo, a
 * favicon, the announcement, a list of links).
 */
export const GROUPS: ReadonlySet<string> = new Set([
  'styling',
  'styling.codeTheme',
  'styling.sidebar',
  'internationalization',
  'header',
  'footer',
  'themes',
  'pdf',
  'feedback',
  'ai',
  'advancedCustomization',
  'git',
  'pageActions',
  'externalLinks',
  'pagination',
  'trademark',
  'privacyPolicy',
  'socialPreview',
  'insights',
]);

const themed = (color: string) => ({ light: color, dark: color });
const codeTheme = { light: 'default-light', dark: 'default-dark' };

/**
 * A site's settings before anyone sets them: every field the client spec's SiteCustomizationSettings
 * requires, and the seed's `pdf` and `git`. A self-hosted site has no AI and no tracking beyond its own.
 */
export const DEFAULT_CUSTOMIZATION: CustomizationSettings = {
  styling: {
    theme: 'clean',
    primaryColor: themed('#346ddb'),
    infoColor: themed('#787878'),
    successColor: themed('#16a34a'),
    warningColor: themed('#f59e0b'),
    dangerColor: themed('#dc2626'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    codeTheme: { default: codeTheme, openapi: codeTheme },
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  git: { showEditLink: false },
  pageActions: { items: ['markdown'] },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};

/**
 * The seed names page actions by flag (`externalAI`, `markdown`, `mcp`), the client spec by a list of
 * types: the list is what is stored, each flag says whether its type is in it.
 */
export const PAGE_ACTION_FLAGS = { externalAI: 'external-ai', markdown: 'markdown', mcp: 'mcp' } as const;

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `over` on `base`, group by group (see GROUPS); neither is changed. */
export function mergeSettings(base: CustomizationSettings, over: CustomizationSettings, path = ''): CustomizationSettings {
  const out: CustomizationSettings = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const at = child(path, key);
    out[key] = GROUPS.has(at) && isObject(value) && isObject(base[key]) ? mergeSettings(base[key], value, at) : value;
  }
  return out;
}

/**
 * A site space's override after a PATCH: each field given sets its override, `null` removes it (the
 * site's value shows through again), groups are changed field by field, and a group left empty goes.
 */
export function applyOverride(current: CustomizationSettings, patch: CustomizationSettings, path = ''): CustomizationSettings {
  const out: CustomizationSettings = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const at = child(path, key);
    if (value === null) {
      delete out[key];
    } else if (GROUPS.has(at) && isObject(value)) {
      const group = applyOverride(isObject(current[key]) ? current[key] : {}, value, at);
      if (Object.keys(group).length === 0) delete out[key];
      else out[key] = group;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Equal as JSON, whatever the order of the keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

/** Settings as answered: the page-action list with the seed's flags beside it. */
function withPageActionFlags(settings: CustomizationSettings): CustomizationSettings {
  const pageActions = isObject(settings.pageActions) ? settings.pageActions : {};
  const items = Array.isArray(pageActions.items) ? (pageActions.items as string[]) : [];
  const flags = Object.fromEntries(Object.entries(PAGE_ACTION_FLAGS).map(([flag, type]) => [flag, items.includes(type)]));
  return { ...settings, pageActions: { ...pageActions, items, ...flags } };
}

/** A site's settings as read: its own over the defaults, and when it last set them. */
export function siteCustomization(stored: CustomizationSettings | null, updatedAt?: string): CustomizationSettings {
  return withPageActionFlags({ ...mergeSettings(DEFAULT_CUSTOMIZATION, stored ?? {}), ...(updatedAt ? { updatedAt } : {}) });
}

/**
 * A site space's settings as read: its override over the site's settings; `updatedAt` is the later of the
 * site's and the override's changes.
 */
export function siteSpaceCustomization(
  site: { settings: CustomizationSettings; updatedAt: string } | null,
  override: { override: CustomizationSettings; updatedAt: string } | null,
): CustomizationSettings {
  const merged = mergeSettings(mergeSettings(DEFAULT_CUSTOMIZATION, site?.settings ?? {}), override?.override ?? {});
  const times = [site?.updatedAt, override?.updatedAt].filter((t): t is string => t !== undefined).sort();
  return withPageActionFlags({ ...merged, ...(times.length > 0 ? { updatedAt: times[times.length - 1] } : {}) });
}

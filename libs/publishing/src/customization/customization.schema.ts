import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { Invalid } from '@folio/platform/domain/errors';
import { PAGE_ACTION_FLAGS, DEFAULT_CUSTOMIZATION, isObject } from './customization-settings';
import { CustomizationSettings } from './customization.events';

/**
 * The JSON schemas of customization bodies, written after the client spec's SiteCustomizationSettingsInput
 * (PUT) and its site-space override body (PATCH): the same field names, enums, lengths and shapes, with
 * every object closed (an unknown property is a 400) and values never coerced. Where the spec is silent
 * on size, bounds are set (lists of links, titles, ids) so no body is unbounded. URLs a visitor's browser
 * loads or follows must be absolute `http(s)` (links may also be `mailto:`/`tel:`): a `javascript:` URL
 * in a logo or header link would run in every visitor's page.
 *
 * PUT replaces the site's settings whole, and what it leaves out reverts to its default, so every field
 * and every field of a group (styling, header…) is optional; values that are one thing (a themed color,
 * a link, the announcement) keep the fields the spec requires of them. The seed's `pdf`, `git` and
 * page-action flags are accepted beside the spec's fields, and `updatedAt` (which GET answers) is
 * accepted and ignored, so what GET answers can be PUT back.
 */

type Schema = Record<string, unknown>;

const TRANSLATION_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl'];
const THEMES = ['clean', 'muted', 'bold', 'gradient'];
const CORNERS = ['straight', 'rounded', 'circular'];
const DEPTHS = ['subtle', 'flat'];
const LINK_STYLES = ['default', 'accent'];
const ICON_STYLES = ['regular', 'solid', 'duotone', 'light', 'thin'];
const SEARCH_STYLES = ['prominent', 'subtle'];
const SIDEBAR_BACKGROUNDS = ['default', 'filled'];
const SIDEBAR_LISTS = ['default', 'pill', 'line'];
const BACKGROUNDS = ['plain', 'match'];
const FONTS = ['ABCFavorit', 'Inter', 'Roboto', 'RobotoSlab', 'OpenSans', 'SourceSansPro', 'Lato', 'Ubuntu', 'Raleway', 'Merriweather', 'Overpass', 'NotoSans', 'IBMPlexSerif', 'Poppins', 'FiraSans'];
const MONOSPACE_FONTS = ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'];
const CODE_THEMES = [
  'default-light', 'default-dark', 'monochrome-light', 'monochrome-dark', 'andromeeda', 'aurora-x', 'ayu-dark', 'catppuccin-frappe', 'catppuccin-latte',
  'catppuccin-macchiato', 'catppuccin-mocha', 'dark-plus', 'dracula', 'dracula-soft', 'everforest-dark', 'everforest-light', 'github-dark', 'github-dark-default',
  'github-dark-dimmed', 'github-dark-high-contrast', 'github-light', 'github-light-default', 'github-light-high-contrast', 'gruvbox-dark-hard', 'gruvbox-dark-medium',
  'gruvbox-dark-soft', 'gruvbox-light-hard', 'gruvbox-light-medium', 'gruvbox-light-soft', 'houston', 'kanagawa-dragon', 'kanagawa-lotus', 'kanagawa-wave', 'laserwave',
  'light-plus', 'material-theme', 'material-theme-darker', 'material-theme-lighter', 'material-theme-ocean', 'material-theme-palenight', 'min-dark', 'min-light', 'monokai',
  'night-owl', 'nord', 'one-dark-pro', 'one-light', 'plastic', 'poimandres', 'red', 'rose-pine', 'rose-pine-dawn', 'rose-pine-moon', 'slack-dark', 'slack-ochin',
  'snazzy-light', 'solarized-dark', 'solarized-light', 'synthwave-84', 'tokyo-night', 'vesper', 'vitesse-black', 'vitesse-dark', 'vitesse-light',
];
const LOCALES = ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'];
const HEADER_PRESETS = ['default', 'bold', 'contrast', 'custom', 'none'];
const THEME_MODES = ['light', 'dark', 'system'];
const AI_MODES = ['none', 'search', 'assistant'];
export const PAGE_ACTION_TYPES = ['assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf'];
const EXTERNAL_LINK_TARGETS = ['self', 'blank'];
const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin', 'github', 'discord', 'slack', 'youtube', 'tiktok', 'reddit', 'bluesky', 'mastodon', 'threads', 'medium'];
const ANNOUNCEMENT_STYLES = ['info', 'warning', 'danger', 'success'];
const HEADER_ITEM_STYLES = ['link', 'button-primary', 'button-secondary'];

/** The client spec's Color: `#rrggbb`, or its short form `#rgb`. */
export const COLOR_PATTERN = '^#(?:[0-9a-fA-F]{3}){1,2}$';
/** Bounds where the spec sets none. */
const ID = { type: 'string', minLength: 1, maxLength: 256 };
const MAX_LINKS = 50;
const MAX_TEXT = 256;

/** A closed object; `required` only where a value needs those fields to mean anything. */
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...(required.length > 0 ? { required } : {}),
});
const oneOf = (values: string[]): Schema => ({ type: 'string', enum: values });
const string = (maxLength: number, minLength = 0): Schema => ({ type: 'string', maxLength, ...(minLength > 0 ? { minLength } : {}) });
const list = (items: Schema, maxItems: number): Schema => ({ type: 'array', items, maxItems });
const boolean: Schema = { type: 'boolean' };

/** The same schema, `null` allowed too (the override's "remove this"). */
function nullable(schema: Schema): Schema {
  if (Array.isArray(schema.enum)) return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [{ type: 'null' }, schema] };
}

const color: Schema = { type: 'string', pattern: COLOR_PATTERN };
const themedColor = object({ light: color, dark: color }, ['light', 'dark']);
const url: Schema = { type: 'string', maxLength: 2048, format: 'http-url' };
const themedUrl = object({ light: url, dark: url }, ['light', 'dark']);
const localized = (maxLength: number): Schema => ({ type: 'object', propertyNames: { enum: TRANSLATION_LANGUAGES }, additionalProperties: string(maxLength) });

/** The spec's ContentRef: what a link points to, by its `kind`. */
const contentRef: Schema = {
  type: 'object',
  discriminator: { propertyName: 'kind' },
  oneOf: [
    object({ kind: { const: 'file' }, file: ID, space: ID }, ['kind', 'file']),
    object({ kind: { const: 'url' }, url: { type: 'string', maxLength: 2048, format: 'link-url' } }, ['kind', 'url']),
    object({ kind: { const: 'page' }, page: ID, space: ID }, ['kind', 'page']),
    object({ kind: { const: 'anchor' }, anchor: ID, space: ID, page: ID }, ['kind', 'anchor']),
    object({ kind: { const: 'user' }, user: ID }, ['kind', 'user']),
    object({ kind: { const: 'collection' }, collection: ID }, ['kind', 'collection']),
    object({ kind: { const: 'space' }, space: ID }, ['kind', 'space']),
    object({ kind: { const: 'reusable-content' }, reusableContent: ID, space: ID }, ['kind', 'reusableContent']),
    object({ kind: { const: 'tag' }, tag: ID, space: ID }, ['kind', 'tag']),
    object({ kind: { const: 'openapi' }, spec: ID }, ['kind', 'spec']),
  ],
};

const contentLink = object({ title: string(64), localizedTitle: localized(64), to: contentRef }, ['title', 'to']);
const headerItem = object(
  {
    title: string(MAX_TEXT),
    localizedTitle: localized(MAX_TEXT),
    style: oneOf(HEADER_ITEM_STYLES),
    to: nullable(contentRef),
    links: list(contentLink, MAX_LINKS),
    condition: string(1024),
  },
  ['title', 'links', 'to'],
);
const footerGroup = object({ title: string(MAX_TEXT), localizedTitle: localized(MAX_TEXT), links: list(contentLink, MAX_LINKS) }, ['title', 'links']);
const announcement = object(
  { enabled: boolean, message: string(128, 2), localizedMessage: localized(128), link: contentLink, style: oneOf(ANNOUNCEMENT_STYLES) },
  ['enabled', 'message', 'style'],
);
/** An icon (light and dark), an emoji, or nothing: one of them. */
const favicon: Schema = { ...object({ icon: themedUrl, emoji: string(50, 1) }), maxProperties: 1 };
const fontDefinition = object(
  {
    id: ID,
    custom: boolean,
    fontFamily: string(50, 1),
    fontFaces: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: object(
        {
          weight: { type: 'integer', minimum: 1, maximum: 1000 },
          sources: { type: 'array', minItems: 1, maxItems: 10, items: object({ url, format: oneOf(['woff2', 'woff']) }, ['url']) },
        },
        ['weight', 'sources'],
      ),
    },
  },
  ['id', 'custom', 'fontFamily', 'fontFaces'],
);
const themedCodeTheme = object({ light: oneOf(CODE_THEMES), dark: oneOf(CODE_THEMES) }, ['light', 'dark']);
const socialAccount = object(
  {
    platform: oneOf(SOCIAL_PLATFORMS),
    handle: string(128, 1),
    display: object({ footer: boolean, header: boolean }, ['footer', 'header']),
  },
  ['platform', 'handle', 'display'],
);

/** PUT …/customization. */
export const SITE_CUSTOMIZATION_INPUT: Schema = object({
  title: string(128, 2),
  localizedTitle: localized(128),
  styling: object({
    theme: oneOf(THEMES),
    primaryColor: themedColor,
    tint: object({ color: themedColor }, ['color']),
    infoColor: themedColor,
    successColor: themedColor,
    warningColor: themedColor,
    dangerColor: themedColor,
    corners: oneOf(CORNERS),
    depth: oneOf(DEPTHS),
    links: oneOf(LINK_STYLES),
    font: { anyOf: [oneOf(FONTS), fontDefinition] },
    headingFont: { anyOf: [{ type: 'null' }, oneOf(FONTS), fontDefinition] },
    monospaceFont: { anyOf: [oneOf(MONOSPACE_FONTS), fontDefinition] },
    background: oneOf(BACKGROUNDS),
    icons: oneOf(ICON_STYLES),
    codeTheme: object({ default: themedCodeTheme, openapi: themedCodeTheme }),
    sidebar: object({ background: oneOf(SIDEBAR_BACKGROUNDS), list: oneOf(SIDEBAR_LISTS) }),
    search: oneOf(SEARCH_STYLES),
  }),
  internationalization: object({ locale: oneOf(LOCALES) }),
  favicon,
  header: object({
    preset: oneOf(HEADER_PRESETS),
    logo: themedUrl,
    primaryLink: contentRef,
    backgroundColor: themedColor,
    linkColor: themedColor,
    links: list(headerItem, MAX_LINKS),
  }),
  footer: object({ logo: themedUrl, groups: list(footerGroup, MAX_LINKS), copyright: string(512) }),
  announcement,
  themes: object({ default: oneOf(THEME_MODES), toggeable: boolean }),
  pdf: object({ enabled: boolean }),
  feedback: object({ enabled: boolean }),
  ai: object({
    mode: oneOf(AI_MODES),
    greeting: string(256),
    localizedGreeting: localized(128),
    suggestions: list(string(64, 3), 5),
    instructions: string(10000),
  }),
  advancedCustomization: object({ enabled: boolean }),
  git: object({ showEditLink: boolean }),
  pageActions: object({ items: { ...list(oneOf(PAGE_ACTION_TYPES), PAGE_ACTION_TYPES.length), uniqueItems: true }, externalAI: boolean, markdown: boolean, mcp: boolean }),
  externalLinks: object({ target: oneOf(EXTERNAL_LINK_TARGETS) }),
  pagination: object({ enabled: boolean }),
  trademark: object({ enabled: boolean }),
  privacyPolicy: object({ url }),
  socialPreview: object({ url }),
  socialAccounts: list(socialAccount, 10),
  insights: object({ trackingCookie: boolean }),
  updatedAt: { type: 'string', maxLength: 64 },
});

/** PATCH …/site-spaces/{id}/customization: what a site space may override, `null` removing an override. */
export const SITE_SPACE_CUSTOMIZATION_INPUT: Schema = object({
  title: nullable(string(128, 2)),
  localizedTitle: nullable(localized(128)),
  styling: object({
    theme: nullable(oneOf(THEMES)),
    primaryColor: nullable(themedColor),
    infoColor: nullable(themedColor),
    successColor: nullable(themedColor),
    warningColor: nullable(themedColor),
    dangerColor: nullable(themedColor),
    tint: nullable(object({ color: themedColor }, ['color'])),
    corners: nullable(oneOf(CORNERS)),
    depth: nullable(oneOf(DEPTHS)),
    links: nullable(oneOf(LINK_STYLES)),
    icons: nullable(oneOf(ICON_STYLES)),
    sidebar: object({ background: nullable(oneOf(SIDEBAR_BACKGROUNDS)), list: nullable(oneOf(SIDEBAR_LISTS)) }),
    search: nullable(oneOf(SEARCH_STYLES)),
    background: nullable(oneOf(BACKGROUNDS)),
    codeTheme: object({ default: nullable(themedCodeTheme), openapi: nullable(themedCodeTheme) }),
  }),
  internationalization: object({ locale: nullable(oneOf(LOCALES)) }, ['locale']),
  favicon: nullable(favicon),
  announcement: nullable(announcement),
  header: object({
    preset: nullable(oneOf(HEADER_PRESETS)),
    logo: nullable(themedUrl),
    primaryLink: nullable(contentRef),
    backgroundColor: nullable(themedColor),
    linkColor: nullable(themedColor),
    links: nullable(list(headerItem, MAX_LINKS)),
  }),
  footer: object({ logo: nullable(themedUrl), groups: nullable(list(footerGroup, MAX_LINKS)), copyright: nullable(string(512)) }),
  themes: object({ default: nullable(oneOf(THEME_MODES)), toggeable: nullable(boolean) }),
  feedback: object({ enabled: nullable(boolean) }, ['enabled']),
  externalLinks: object({ target: nullable(oneOf(EXTERNAL_LINK_TARGETS)) }, ['target']),
  pagination: object({ enabled: nullable(boolean) }, ['enabled']),
  trademark: object({ enabled: nullable(boolean) }, ['enabled']),
  privacyPolicy: object({ url: nullable(url) }),
  socialPreview: object({ url: nullable(url) }),
});

/** An absolute URL a browser may load without running anything: `http:` or `https:`. */
const httpUrl = (value: string) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
};
/** A link's target: a web address, or an e-mail address or phone number to open. */
const linkUrl = (value: string) => httpUrl(value) || /^(mailto|tel):[^\s]+$/i.test(value);

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, discriminator: true });
ajv.addFormat('http-url', { type: 'string', validate: httpUrl });
ajv.addFormat('link-url', { type: 'string', validate: linkUrl });
const validateSite = ajv.compile(SITE_CUSTOMIZATION_INPUT);
const validateSiteSpace = ajv.compile(SITE_SPACE_CUSTOMIZATION_INPUT);

/** How many reasons one answer lists (as the validation pipe does). */
const MAX_MESSAGES = 20;

/** ajv's errors as one message, field by field: `styling.primaryColor.light must be a color as #rrggbb`. */
function describe(errors: ErrorObject[]): string {
  const messages = [
    ...new Set(
      errors
        // `anyOf`'s own line only repeats its branches' reasons.
        .filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'propertyNames')
        .map((e) => {
          const path = e.instancePath.slice(1).replace(/\//g, '.');
          const field = path || 'the body';
          // A localized text's keys are languages.
          if (e.propertyName !== undefined) return `${field} has ${JSON.stringify(e.propertyName)}, which is not a language code (en, fr, pt-br…)`;
          switch (e.keyword) {
            case 'type': {
              const types = (e.params as { type: string | string[] }).type;
              return `${field} must be ${(Array.isArray(types) ? types : [types]).join(' or ')}`;
            }
            case 'additionalProperties':
              return `${field} has an unknown property ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`;
            case 'enum': {
              const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues ?? []).filter((v) => v !== null);
              const shown = allowed.length > 12 ? `${allowed.slice(0, 12).join(', ')}, … (${allowed.length} values)` : allowed.join(', ');
              return `${field} must be one of: ${shown}`;
            }
            case 'pattern':
              return (e.params as { pattern: string }).pattern === COLOR_PATTERN ? `${field} must be a color as #rrggbb (or #rgb)` : `${field} ${e.message}`;
            case 'format':
              return (e.params as { format: string }).format === 'http-url'
                ? `${field} must be an absolute http(s) URL`
                : `${field} must be an absolute http(s), mailto: or tel: URL`;
            case 'maxProperties':
              return `${field} must have one of its properties at most`;
            case 'discriminator':
              return `${field}.kind must be one of: file, url, page, anchor, user, collection, space, reusable-content, tag, openapi`;
            default:
              return `${field} ${e.message}`;
          }
        }),
    ),
  ];
  const shown = messages.slice(0, MAX_MESSAGES).join('; ');
  return messages.length > MAX_MESSAGES ? `${shown}; and ${messages.length - MAX_MESSAGES} more` : shown;
}

function check(validate: ValidateFunction, body: unknown): CustomizationSettings {
  if (!isObject(body)) throw new Invalid('The body must be a JSON object');
  if (!validate(body)) throw new Invalid(describe(validate.errors ?? []));
  return body;
}

/**
 * A PUT body as the settings to store (Invalid, a 400, when it does not fit): `updatedAt` dropped, the
 * seed's page-action flags folded into the list of page actions they name (a flag contradicting the list
 * given beside it is refused).
 */
export function siteCustomizationInput(body: unknown): CustomizationSettings {
  const { updatedAt: _ignored, ...settings } = structuredClone(check(validateSite, body));
  if (!isObject(settings.pageActions)) return settings;
  const { items, ...flags } = settings.pageActions as { items?: string[] } & Partial<Record<keyof typeof PAGE_ACTION_FLAGS, boolean>>;
  if (Object.keys(flags).length === 0) return settings;
  let chosen = items ?? (DEFAULT_CUSTOMIZATION.pageActions as { items: string[] }).items;
  for (const [flag, type] of Object.entries(PAGE_ACTION_FLAGS) as [keyof typeof PAGE_ACTION_FLAGS, string][]) {
    const on = flags[flag];
    if (on === undefined || chosen.includes(type) === on) continue;
    if (items !== undefined) throw new Invalid(`pageActions.${flag} is ${on}, but pageActions.items ${on ? 'lacks' : 'has'} ${type}`);
    chosen = on ? [...chosen, type] : chosen.filter((t) => t !== type);
  }
  return { ...settings, pageActions: { items: chosen } };
}

/** A PATCH body of a site space's override, as the changes to apply (Invalid, a 400, when it does not fit). */
export function siteSpaceCustomizationInput(body: unknown): CustomizationSettings {
  return structuredClone(check(validateSiteSpace, body));
}

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { Invalid } from '@folio/platform/domain/errors';
import { siteCustomization, siteSpaceCustomization } from './customization-settings';
import { siteCustomizationInput, siteSpaceCustomizationInput } from './customization.schema';

/** The official client's spec: what it lets a client send, and what it parses back. */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const specAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats(specAjv);
specAjv.addFormat('emoji', /^[\s\S]{0,50}$/u);
specAjv.addSchema(spec, 'spec');
const OVERRIDE_BODY = 'spec#/paths/~1orgs~1{organizationId}~1sites~1{siteId}~1site-spaces~1{siteSpaceId}~1customization/patch/requestBody/content/application~1json/schema';
function expectSpecValid(ref: string, value: unknown) {
  const validate = specAjv.getSchema(ref) ?? specAjv.compile({ $ref: ref });
  expect({ valid: validate(value), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
}
const asSpec = (name: string) => `spec#/components/schemas/${name}`;

const themed = (light: string, dark = light) => ({ light, dark });
const page = (id: string) => ({ kind: 'page', page: id, space: 's1' });

/** Every field the spec's SiteCustomizationSettingsInput has, each set to something it allows. */
const full = {
  title: 'Acme Docs',
  localizedTitle: { fr: 'Documentation Acme', de: 'Acme Doku' },
  styling: {
    theme: 'muted',
    primaryColor: themed('#ff6600', '#ffaa77'),
    tint: { color: themed('#eeeeee', '#111') },
    infoColor: themed('#0000ff'),
    successColor: themed('#00ff00'),
    warningColor: themed('#ffff00'),
    dangerColor: themed('#FF0000'),
    corners: 'circular',
    depth: 'flat',
    links: 'accent',
    font: 'Roboto',
    headingFont: { id: 'acme-sans', custom: true, fontFamily: 'Acme Sans', fontFaces: [{ weight: 700, sources: [{ url: 'https://cdn.acme.test/sans.woff2', format: 'woff2' }] }] },
    monospaceFont: 'JetBrainsMono',
    background: 'match',
    icons: 'duotone',
    codeTheme: { default: themed('github-light', 'github-dark'), openapi: themed('one-light', 'one-dark-pro') },
    sidebar: { background: 'filled', list: 'pill' },
    search: 'subtle',
  },
  internationalization: { locale: 'fr' },
  favicon: { icon: themed('https://cdn.acme.test/favicon.png', 'https://cdn.acme.test/favicon-dark.png') },
  header: {
    preset: 'custom',
    logo: themed('https://cdn.acme.test/logo.svg'),
    primaryLink: page('p1'),
    links: [
      {
        title: 'Product',
        style: 'button-primary',
        to: { kind: 'url', url: 'https://acme.test/product' },
        links: [{ title: 'Pricing', to: { kind: 'url', url: 'https://acme.test/pricing' } }],
        condition: 'visitor.claims.beta',
      },
      { title: 'Guides', localizedTitle: { fr: 'Guides' }, to: null, links: [{ title: 'Start', localizedTitle: { fr: 'Début' }, to: page('p2') }] },
    ],
  },
  footer: {
    logo: themed('https://cdn.acme.test/logo.svg'),
    groups: [{ title: 'Company', links: [{ title: 'Contact', to: { kind: 'url', url: 'mailto:docs@acme.test' } }, { title: 'API', to: { kind: 'openapi', spec: 'petstore' } }] }],
    copyright: '© Acme',
  },
  announcement: { enabled: true, message: 'Version 2 is out', localizedMessage: { fr: 'La version 2 est sortie' }, link: { title: 'Read', to: page('p3') }, style: 'success' },
  themes: { default: 'dark', toggeable: false },
  feedback: { enabled: true },
  ai: { mode: 'search', greeting: 'Ask away', localizedGreeting: { fr: 'Demandez' }, suggestions: ['How to start?'], instructions: 'Be brief.' },
  advancedCustomization: { enabled: true },
  pageActions: { items: ['pdf', 'markdown', 'mcp'] },
  externalLinks: { target: 'blank' },
  pagination: { enabled: false },
  trademark: { enabled: false },
  privacyPolicy: { url: 'https://acme.test/privacy' },
  socialPreview: { url: 'https://cdn.acme.test/preview.png' },
  socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
  insights: { trackingCookie: false },
};

/** A site-space override setting something of every kind the spec's PATCH body allows. */
const override = {
  title: 'Docs FR',
  localizedTitle: null,
  styling: { theme: 'bold', primaryColor: themed('#123456'), sidebar: { list: 'line', background: null }, codeTheme: { default: themed('nord', 'nord') } },
  internationalization: { locale: 'fr' },
  favicon: { emoji: '🇫🇷' },
  announcement: { enabled: false, message: 'Bonjour', style: 'info' },
  header: { links: [], logo: null },
  footer: { copyright: '© Acme FR' },
  themes: { toggeable: true },
  feedback: { enabled: false },
  externalLinks: { target: 'self' },
  pagination: { enabled: null },
  trademark: { enabled: true },
  privacyPolicy: { url: 'https://acme.test/fr/privacy' },
  socialPreview: { url: null },
};

const refusal = (input: (body: unknown) => unknown, body: unknown) => {
  try {
    input(body);
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
};

describe('site customization input (PUT)', () => {
  it("takes a body the client spec's SiteCustomizationSettingsInput allows, every field set", () => {
    expectSpecValid(asSpec('SiteCustomizationSettingsInput'), full);
    expect(siteCustomizationInput(full)).toEqual(full);
  });

  it('answers every field the spec requires, valid for SiteCustomizationSettings, with the defaults under what was set', () => {
    const defaults = siteCustomization(null);
    expectSpecValid(asSpec('SiteCustomizationSettings'), defaults);
    const answered = siteCustomization(siteCustomizationInput(full), '2026-01-01T00:00:00.000Z');
    expectSpecValid(asSpec('SiteCustomizationSettings'), answered);
    expect(answered).toMatchObject({ ...full, pdf: { enabled: true }, git: { showEditLink: false }, updatedAt: '2026-01-01T00:00:00.000Z' });
    // The check bites: settings without their styling are not SiteCustomizationSettings.
    const validate = specAjv.getSchema(asSpec('SiteCustomizationSettings'))!;
    expect(validate({ ...answered, styling: undefined })).toBe(false);
  });

  it('takes a part of the settings: the rest of each group comes from the defaults', () => {
    const answered = siteCustomization(siteCustomizationInput({ styling: { primaryColor: themed('#abcdef') }, header: { links: [] } }));
    expectSpecValid(asSpec('SiteCustomizationSettings'), answered);
    expect(answered.styling).toMatchObject({ primaryColor: themed('#abcdef'), theme: 'clean', corners: 'rounded', sidebar: { background: 'default', list: 'default' } });
    expect(answered.header).toEqual({ preset: 'default', links: [] });
  });

  it('takes back what GET answers (updatedAt ignored, the seed’s flags agreeing with the list)', () => {
    const answered = siteCustomization(siteCustomizationInput(full), '2026-01-01T00:00:00.000Z');
    expect(siteCustomizationInput(answered)).toEqual({ ...full, pdf: { enabled: true }, git: { showEditLink: false } });
    expect(siteCustomizationInput(siteCustomization(null))).toEqual(siteCustomizationInput(siteCustomization(null)));
  });

  it("takes the seed's page-action flags, as the types they name in the list", () => {
    expect(siteCustomizationInput({ pageActions: { mcp: true, markdown: false } })).toEqual({ pageActions: { items: ['mcp'] } });
    expect(siteCustomizationInput({ pageActions: { items: ['pdf', 'mcp'], mcp: true, externalAI: false } })).toEqual({ pageActions: { items: ['pdf', 'mcp'] } });
    expect(siteCustomization({ pageActions: { items: ['external-ai'] } }).pageActions).toEqual({ items: ['external-ai'], externalAI: true, markdown: false, mcp: false });
    expect(refusal(siteCustomizationInput, { pageActions: { items: ['pdf'], mcp: true } })).toBe('pageActions.mcp is true, but pageActions.items lacks mcp');
  });

  it.each([
    ['a named color', { styling: { primaryColor: themed('red') } }, 'styling.primaryColor.light must be a color as #rrggbb (or #rgb)'],
    ['a color of five digits', { styling: { tint: { color: themed('#ffffff', '#12345') } } }, 'styling.tint.color.dark must be a color as #rrggbb (or #rgb)'],
    ['a color without its #', { header: { backgroundColor: themed('ff0000') } }, 'header.backgroundColor.light must be a color as #rrggbb (or #rgb)'],
    ['a color that is not hex', { styling: { dangerColor: themed('#gggggg') } }, 'styling.dangerColor.light must be a color as #rrggbb (or #rgb)'],
    ['a themed color without its dark', { styling: { infoColor: { light: '#fff' } } }, "styling.infoColor must have required property 'dark'"],
    ['an unknown property', { colour: 'red' }, 'the body has an unknown property "colour"'],
    ['an unknown styling property', { styling: { shadow: 'deep' } }, 'styling has an unknown property "shadow"'],
    ['an unknown property of a color', { styling: { primaryColor: { ...themed('#fff'), dim: '#000' } } }, 'styling.primaryColor has an unknown property "dim"'],
    ['an unknown theme', { styling: { theme: 'dark' } }, 'styling.theme must be one of: clean, muted, bold, gradient'],
    ['unknown corners', { styling: { corners: 'square' } }, 'styling.corners must be one of: straight, rounded, circular'],
    ['an unknown code theme', { styling: { codeTheme: { default: themed('vim') } } }, 'styling.codeTheme.default.light must be one of: default-light'],
    ['an unknown page action', { pageActions: { items: ['print'] } }, 'pageActions.items.0 must be one of: assistant, external-ai, markdown, mcp, git, pdf'],
    ['a page action twice', { pageActions: { items: ['pdf', 'pdf'] } }, 'pageActions.items must NOT have duplicate items'],
    ['an unknown AI mode', { ai: { mode: 'chat' } }, 'ai.mode must be one of: none, search, assistant'],
    ['a boolean as a string', { themes: { toggeable: 'true' } }, 'themes.toggeable must be boolean'],
    ['a javascript: logo', { header: { logo: themed('javascript:alert(1)') } }, 'header.logo.light must be an absolute http(s) URL'],
    ['a relative favicon', { favicon: { icon: themed('/favicon.png') } }, 'favicon.icon.light must be an absolute http(s) URL'],
    ['a javascript: link', { footer: { groups: [{ title: 'X', links: [{ title: 'Y', to: { kind: 'url', url: 'javascript:alert(1)' } }] }] } }, 'footer.groups.0.links.0.to.url must be an absolute http(s), mailto: or tel: URL'],
    ['an unknown kind of link', { header: { primaryLink: { kind: 'ftp', ftp: 'x' } } }, 'header.primaryLink.kind must be one of: file, url, page'],
    ['a link with a stray property', { header: { primaryLink: { kind: 'page', page: 'p1', url: 'https://a.test' } } }, 'header.primaryLink has an unknown property "url"'],
    ['a favicon with both an icon and an emoji', { favicon: { emoji: '🎉', icon: themed('https://a.test/i.png') } }, 'favicon must have one of its properties at most'],
    ['a one-letter announcement', { announcement: { enabled: true, message: 'x', style: 'info' } }, 'announcement.message must NOT have fewer than 2 characters'],
    ['a title of one letter', { title: 'x' }, 'title must NOT have fewer than 2 characters'],
    ['an unknown language', { localizedTitle: { xx: 'Docs' } }, 'localizedTitle has "xx", which is not a language code'],
    ['eleven social accounts', { socialAccounts: Array.from({ length: 11 }, () => ({ platform: 'github', handle: 'a', display: { footer: true, header: true } })) }, 'socialAccounts must NOT have more than 10 items'],
    ['a number as a string', { styling: { headingFont: { id: 'f', custom: true, fontFamily: 'F', fontFaces: [{ weight: '700', sources: [{ url: 'https://a.test/f.woff' }] }] } } }, 'styling.headingFont.fontFaces.0.weight must be integer'],
  ])('refuses %s', (_name, body, message) => expect(refusal(siteCustomizationInput, body)).toContain(message));

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'settings'],
  ])('refuses %s as the body', (_name, body) => expect(refusal(siteCustomizationInput, body)).toBe('The body must be a JSON object'));

  it('names every field that is wrong, up to twenty', () => {
    expect(refusal(siteCustomizationInput, { styling: { theme: 'x', corners: 'y' }, themes: { default: 'z' } }).split('; ')).toHaveLength(3);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, i]));
    expect(refusal(siteCustomizationInput, many)).toMatch(/; and 10 more$/);
  });
});

describe('site-space customization input (PATCH)', () => {
  it("takes a body the client spec's override body allows, nulls included", () => {
    expectSpecValid(OVERRIDE_BODY, override);
    expect(siteSpaceCustomizationInput(override)).toEqual(override);
  });

  it('answers settings valid for SiteCustomizationSettings, the override over the site', () => {
    const site = { settings: siteCustomizationInput(full), updatedAt: '2026-01-01T00:00:00.000Z' };
    const answered = siteSpaceCustomization(site, { override: siteSpaceCustomizationInput({ title: 'Docs FR', styling: { corners: 'straight' } }), updatedAt: '2026-01-02T00:00:00.000Z' });
    expectSpecValid(asSpec('SiteCustomizationSettings'), answered);
    expect(answered).toMatchObject({ title: 'Docs FR', styling: { corners: 'straight', theme: 'muted', primaryColor: full.styling.primaryColor }, updatedAt: '2026-01-02T00:00:00.000Z' });
    expectSpecValid(asSpec('SiteCustomizationSettings'), siteSpaceCustomization(null, null));
  });

  it.each([
    ['a field a site space does not override', { ai: { mode: 'none' } }, 'the body has an unknown property "ai"'],
    ['the font', { styling: { font: 'Inter' } }, 'styling has an unknown property "font"'],
    ['a bad color', { styling: { warningColor: themed('#ffff') } }, 'styling.warningColor.light must be a color as #rrggbb (or #rgb)'],
    ['an unknown theme mode', { themes: { default: 'sepia' } }, 'themes.default must be one of: light, dark, system'],
    ['feedback without enabled', { feedback: {} }, "feedback must have required property 'enabled'"],
    ['an unknown property', { styling: { theme: 'bold' }, extra: true }, 'the body has an unknown property "extra"'],
    ['a color as a string', { styling: { primaryColor: '#fff' } }, 'styling.primaryColor must be object or null'],
  ])('refuses %s', (_name, body, message) => expect(refusal(siteSpaceCustomizationInput, body)).toContain(message));
});

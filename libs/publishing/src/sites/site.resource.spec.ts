import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { Role, ROLES } from '@folio/platform/domain/roles';
import { siteDoc, siteSpaceDoc } from '../testing/site-docs';
import { SiteDoc } from './site.projection';
import { siteResource, sitePermissions, siteSpaceResource } from './site.resource';

/** The official client's spec, as the e2e tests check responses against it (test/support/openapi.ts). */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('emoji', /^[\s\S]{0,50}$/u);
ajv.addFormat('icon', /^[\s\S]{0,50}$/u);
ajv.addSchema(spec, 'spec');
type Schema = 'Site' | 'SiteSpace' | 'Space';
const schema = (name: Schema) => ajv.getSchema(`spec#/components/schemas/${name}`)!;
function expectSchema(name: Schema, value: unknown) {
  const validate = schema(name);
  expect({ valid: validate(value), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
}

const URL = 'https://folio.test';
const APP = 'https://app.folio.test';
/** Where the site is served: SiteAddresses' answer (site-address.spec.ts tests how it is made). */
const ADDRESS = 'https://acme.folio.test/handbook';
const ctx = (role: Role | null = 'read') => ({ role, publicUrl: URL, appUrl: APP, address: ADDRESS });
const site = (fields: Partial<SiteDoc> = {}) => siteDoc({ streamRevision: '4', ...fields });

/** A Space resource as content answers it (what the caller passes in). */
const space = {
  object: 'space' as const,
  id: 's1',
  title: 'Product docs',
  emoji: '📘',
  visibility: 'public',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  editMode: 'live',
  mergeRules: { type: 'inherit' },
  urls: { location: `${URL}/v1/spaces/s1`, app: `${APP}/s/s1` },
  organization: 'o1',
  revision: 'r1',
  defaultLevel: 'inherit',
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
  permissions: {
    view: true,
    access: true,
    admin: false,
    viewInviteLinks: false,
    edit: false,
    triggerGitSync: false,
    comment: true,
    merge: false,
    review: false,
    installIntegration: false,
  },
};

describe('siteResource', () => {
  it('shows a new site with every field the spec requires, and the seed\'s agentsContext', () => {
    const resource = siteResource(site(), ctx());
    expect(resource).toEqual({
      object: 'site',
      id: 'site1',
      type: 'basic',
      appliedType: 'basic',
      title: 'Docs',
      visibility: 'public',
      defaultLevel: 'inherit',
      permissions: { view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: false },
      published: false,
      siteSpaces: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      adaptiveContent: { enabled: false },
      ads: { status: 'pending', submittable: false },
      agentsContext: 'included',
      features: [],
      urls: { location: `${URL}/v1/orgs/o1/sites/site1`, app: `${APP}/o/o1/sites/site1`, preview: `${APP}/o/o1/sites/site1/preview` },
    });
    expectSchema('Site', resource);
    // The check bites: a site without its site-space count is not a Site.
    expect(schema('Site')({ ...resource, siteSpaces: undefined })).toBe(false);
  });

  it('shows a published site with its basename, proxy and settings', () => {
    const doc = site({
      type: 'ultimate',
      title: 'Handbook',
      visibility: 'visitor-auth',
      basename: 'handbook',
      proxy: 'acme.com/docs',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      defaultLevel: null,
      published: true,
      siteSpaces: 3,
    });
    const resource = siteResource(doc, ctx('admin'));
    expect(resource).toMatchObject({
      type: 'ultimate',
      appliedType: 'ultimate',
      basename: 'handbook',
      proxy: { origin: 'acme.com/docs', target: ADDRESS },
      visibility: 'visitor-auth',
      defaultLevel: null,
      published: true,
      siteSpaces: 3,
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      urls: { location: `${URL}/v1/orgs/o1/sites/site1`, app: `${APP}/o/o1/sites/site1`, preview: `${APP}/o/o1/sites/site1/preview`, published: ADDRESS },
    });
    expectSchema('Site', resource);
    expectSchema('Site', siteResource({ ...doc, basename: null, defaultLevel: 'read' }, ctx(null)));
  });

  it('answers its address while published, and its custom hostname', () => {
    expect(siteResource(site({ published: true }), ctx()).urls.published).toBe(ADDRESS);
    expect(siteResource(site({ published: false }), ctx()).urls).not.toHaveProperty('published');
    expect(siteResource(site({ proxy: 'acme.com/docs' }), ctx()).proxy).toEqual({ origin: 'acme.com/docs', target: ADDRESS });
    const hosted = siteResource(site({ hostname: 'docs.acme.com' }), ctx());
    expect(hosted.hostname).toBe('docs.acme.com');
    expectSchema('Site', hosted);
    expect(siteResource(site(), ctx())).not.toHaveProperty('hostname');
  });

  it('grants members view and access, admins the rest, guests view only', () => {
    const admin = { view: true, access: true, edit: true, create: true, admin: true, installIntegration: true, viewAdaptiveSchema: true, editAdaptiveSchema: true };
    expect(sitePermissions('admin')).toEqual(admin);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(sitePermissions(role)).toEqual({ ...admin, edit: false, create: false, admin: false, installIntegration: false, editAdaptiveSchema: false });
    }
    expect(sitePermissions(null)).toEqual({ view: true, access: false, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false });
  });
});

describe('siteSpaceResource', () => {
  it('takes a valid Space resource as its fixture', () => expectSchema('Space', space));

  it('shows a root site space of an unpublished site with every field the spec requires', () => {
    const resource = siteSpaceResource(siteSpaceDoc(), space, { isDefault: true });
    expect(resource).toEqual({
      object: 'site-space',
      id: 'ss1',
      path: 'docs',
      space,
      title: 'Product docs',
      default: true,
      draft: false,
      hidden: false,
      urls: {},
    });
    expectSchema('SiteSpace', resource);
    // The check bites: a site space without its space is not a SiteSpace.
    expect(schema('SiteSpace')({ ...resource, space: undefined })).toBe(false);
  });

  it('shows a hidden, conditional site space in a section, with its published URL', () => {
    const doc = siteSpaceDoc({ sectionId: 'sec1', path: 'v2', condition: 'visitor.claims.beta', hidden: true });
    const resource = siteSpaceResource(doc, space, { isDefault: false, published: `${URL}/sites/site1/v2` });
    expect(resource).toEqual({
      object: 'site-space',
      id: 'ss1',
      path: 'v2',
      section: 'sec1',
      space,
      title: 'Product docs',
      default: false,
      condition: 'visitor.claims.beta',
      draft: false,
      hidden: true,
      urls: { published: `${URL}/sites/site1/v2` },
    });
    expectSchema('SiteSpace', resource);
  });

  it('answers no published URL while the site is not published', () => {
    expect(siteSpaceResource(siteSpaceDoc(), space, { isDefault: true }).urls).toEqual({});
  });
});

import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const SCHEMA = '/orgs/{organizationId}/sites/{siteId}/adaptive-schema';
const CONDITIONS = `${SCHEMA}/template-conditions`;
const EMPTY = { type: 'object', properties: {}, additionalProperties: false };
const UNSIGNED = 'Unsigned claims of the site visitor.';

/** The visitor claims a schema may declare: booleans, signed or unsigned. */
const betaAndTrial = {
  type: 'object',
  properties: {
    beta: { type: 'boolean', description: 'Beta testers' },
    staff: { type: 'boolean' },
    unsigned: { type: 'object', description: UNSIGNED, properties: { trial: { type: 'boolean' } }, additionalProperties: false },
  },
  additionalProperties: false,
};

/** Sites' adaptive schemas and their template conditions, through the official client, each answer checked against its spec. */
describe('adaptive schemas', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);
  const schemaPath = (siteId: string, org = orgId) => `/orgs/${org}/sites/${siteId}/adaptive-schema`;

  async function createSite() {
    const { status, data } = await orgs(ann).createSite(orgId, { title: 'Docs' } as never);
    expect(status).toBe(201);
    return data;
  }
  async function get(user: User, siteId: string) {
    const { status, data } = await orgs(user).getSiteAdaptiveSchema(orgId, siteId);
    expectMatchesSpec('GET', SCHEMA, status, data);
    return data;
  }
  async function put(user: User, siteId: string, jsonSchema: unknown) {
    const { status, data } = await orgs(user).updateSiteAdaptiveSchema(orgId, siteId, { jsonSchema } as never);
    expect(status).toBe(200);
    expectMatchesSpec('PUT', SCHEMA, status, data);
    return data;
  }
  async function conditions(user: User, siteId: string) {
    const { status, data } = await orgs(user).listSiteAdaptiveTemplateConditions(orgId, siteId);
    expectMatchesSpec('GET', CONDITIONS, status, data);
    return data.items;
  }

  it('answers the empty schema, as of the site’s creation, for a site that never set one, and no template conditions', async () => {
    const site = await createSite();
    expect(await get(rita, site.id)).toEqual({ object: 'site-adaptive-schema', jsonSchema: EMPTY, updatedAt: site.createdAt });
    expect(await conditions(rita, site.id)).toEqual([]);
  });

  it('sets a schema (admins), which members then read with its template conditions', async () => {
    const site = await createSite();
    server.clock.advance(60_000);
    const set = await put(ann, site.id, betaAndTrial);
    expect(set.object).toBe('site-adaptive-schema');
    expect(set.updatedAt).not.toBe(site.createdAt);
    // The spec requires a description on every claim: one set without answers an empty one.
    expect(set.jsonSchema).toEqual({
      ...betaAndTrial,
      properties: { ...betaAndTrial.properties, staff: { type: 'boolean', description: '' }, unsigned: { ...betaAndTrial.properties.unsigned, properties: { trial: { type: 'boolean', description: '' } } } },
    });
    expect(await get(rita, site.id)).toEqual(set);
    expect(await conditions(rita, site.id)).toEqual([
      { description: 'Beta testers', condition: 'visitor.claims.beta' },
      { description: 'Visitor is staff', condition: 'visitor.claims.staff' },
      { description: 'Visitor is trial (unsigned claim)', condition: 'visitor.claims.unsigned.trial' },
    ]);
  });

  it('replaces a schema, and writes nothing when the same one is set again', async () => {
    const site = await createSite();
    await put(ann, site.id, betaAndTrial);
    server.clock.advance(60_000);
    const replaced = await put(ann, site.id, { type: 'object', properties: { partner: { type: 'boolean', description: 'Partners' } }, additionalProperties: false });
    expect(Object.keys(replaced.jsonSchema.properties)).toEqual(['partner']);
    const before = await server.head();
    server.clock.advance(60_000);
    const again = await put(ann, site.id, { type: 'object', properties: { partner: { type: 'boolean', description: 'Partners' } }, additionalProperties: false });
    expect(again).toEqual(replaced);
    expect(await server.head()).toBe(before);
    expect(await conditions(ed, site.id)).toEqual([{ description: 'Partners', condition: 'visitor.claims.partner' }]);
  });

  it('sets the schema back to empty', async () => {
    const site = await createSite();
    await put(ann, site.id, betaAndTrial);
    expect((await put(ann, site.id, EMPTY)).jsonSchema).toEqual(EMPTY);
    expect(await conditions(rita, site.id)).toEqual([]);
  });

  it.each([
    ['no jsonSchema', {}, 'jsonSchema must be an object'],
    ['a jsonSchema that is a string', { jsonSchema: 'beta' }, 'jsonSchema must be an object'],
    ['an unknown body property', { jsonSchema: EMPTY, claims: [] }, 'property claims should not exist'],
    ['a string claim', { jsonSchema: { ...EMPTY, properties: { plan: { type: 'string', description: 'Plan' } } } }, 'jsonSchema.properties.plan.type must be "boolean"'],
    ['a claim name with a dash', { jsonSchema: { ...EMPTY, properties: { 'is-beta': { type: 'boolean' } } } }, '"is-beta" is not a claim name'],
    ['additional properties allowed', { jsonSchema: { ...EMPTY, additionalProperties: true } }, 'jsonSchema.additionalProperties must be false'],
    ['another type', { jsonSchema: { ...EMPTY, type: 'array' } }, 'jsonSchema.type must be "object"'],
    ['an unsigned group allowing more', { jsonSchema: { ...EMPTY, properties: { unsigned: { type: 'object', properties: {}, additionalProperties: true } } } }, 'jsonSchema.properties.unsigned.additionalProperties must be false'],
    [
      '101 claims',
      { jsonSchema: { ...EMPTY, properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, { type: 'boolean' }])) } },
      'jsonSchema has 101 claims; at most 100',
    ],
    ['required claims, which the client spec does not have', { jsonSchema: { ...EMPTY, properties: { beta: { type: 'boolean', description: 'Beta' } }, required: ['beta'] } }, 'jsonSchema has an unknown property "required"'],
  ])('refuses %s (400, nothing written)', async (_name, body, message) => {
    const site = await createSite();
    expect(await refused(ann, 'PUT', schemaPath(site.id), body)).toContain(message);
    expect((await get(rita, site.id)).jsonSchema).toEqual(EMPTY);
  });

  it('hides the schema from a stranger (404) and refuses changes to a non-admin member (403), writing nothing', async () => {
    const site = await createSite();
    await put(ann, site.id, betaAndTrial);
    for (const path of [schemaPath(site.id), `${schemaPath(site.id)}/template-conditions`]) await refused(cat, 'GET', path, undefined, 404);
    await refused(cat, 'PUT', schemaPath(site.id), { jsonSchema: EMPTY }, 404);
    for (const user of [ed, rita]) await refused(user, 'PUT', schemaPath(site.id), { jsonSchema: EMPTY }, 403);
    expect((await get(rita, site.id)).jsonSchema.properties).toHaveProperty('beta');
  });

  it('answers 404 for a site that is not there: unknown, of another organization, or deleted', async () => {
    const elsewhere = (await orgs(cat).createOrganization({ title: 'Elsewhere' })).data.id;
    const theirs = (await orgs(cat).createSite(elsewhere, { title: 'Theirs' } as never)).data.id;
    const deleted = await createSite();
    await put(ann, deleted.id, betaAndTrial);
    await orgs(ann).deleteSiteById(orgId, deleted.id);
    for (const siteId of ['nope', theirs, deleted.id]) {
      await expectStatus(orgs(rita).getSiteAdaptiveSchema(orgId, siteId), 404);
      await expectStatus(orgs(rita).listSiteAdaptiveTemplateConditions(orgId, siteId), 404);
      await refused(ann, 'PUT', schemaPath(siteId), { jsonSchema: EMPTY }, 404);
    }
  });
});

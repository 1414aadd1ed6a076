import { expectMatchesSpec } from '../support/openapi';
import { startServer, TestServer } from '../support/server';

/** Custom merge-rule expressions are checked when they are written, on spaces and on organizations alike. */
describe('merge rules: custom expressions', () => {
  let server: TestServer;
  let ann: { id: string; token: string };
  let orgId: string;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme' })).data.id;
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
  }, 60_000);
  afterAll(() => server.stop());

  const custom = (expression?: unknown) => ({
    mergeRules: { type: 'rules', rules: [{ rule: 'custom', ...(expression === undefined ? {} : { expression }), message: 'Needs Bob' }] },
  });
  const good = "reviews.length > 0 && actor.id != changeRequest.createdBy.id && !changeRequest.outdated";

  it('stores a custom rule whose expression parses and names only the evaluation context', async () => {
    const space = await server.as(ann.token).spaces.updateSpaceById(spaceId, custom(good) as never);
    expectMatchesSpec('PATCH', '/spaces/{spaceId}', 200, space.data);
    expect(space.data.mergeRules).toEqual(custom(good).mergeRules);
    const org = await server.as(ann.token).orgs.updateOrganizationById(orgId, custom(good) as never);
    expectMatchesSpec('PATCH', '/orgs/{organizationId}', 200, org.data);
    expect(org.data.mergeRules).toEqual(custom(good).mergeRules);
  });

  it.each<[string, unknown, string]>([
    ['that does not parse', 'reviews.length >', 'mergeRules.rules.0.expression: expression does not parse'],
    ['naming something the context lacks', "user.id == 'bob'", 'mergeRules.rules.0.expression: unknown name "user"'],
    ['reaching for a prototype', "space['constructor']", 'property "constructor" is not allowed'],
    ['calling what is not whitelisted', 'actor.id.toString()', 'only the methods includes, startsWith, endsWith may be called'],
    ['assigning', 'actor.id = 1', 'does not parse'],
    ['that is empty', '', 'expression is empty'],
    ['over 1,024 characters', `actor.id == '${'x'.repeat(1024)}'`, 'longer than 1024 characters'],
    ['nested 100 deep', `${'!'.repeat(100)}true`, 'nests deeper than 64 levels'],
    ['missing', undefined, 'mergeRules.rules.0.expression must be a string'],
    ['that is not a string', 42, 'mergeRules.rules.0.expression must be a string'],
  ])('refuses an expression %s with 400 and writes nothing', async (_case, expression, message) => {
    for (const path of [`/v1/spaces/${spaceId}`, `/v1/orgs/${orgId}`]) {
      expect(await server.expectRefused(ann.token, 'PATCH', path, custom(expression))).toContain(message);
    }
  });
});

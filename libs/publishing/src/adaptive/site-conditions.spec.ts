import { Invalid } from '@folio/platform/domain/errors';
import { AdaptiveSchemaReads } from './adaptive-schema.reads';
import { SiteAdaptiveSchemaDoc } from './adaptive-schema.projection';
import { SiteConditions } from './site-conditions';

const doc: SiteAdaptiveSchemaDoc = {
  id: 'site1',
  organizationId: 'o1',
  jsonSchema: { type: 'object', properties: { beta: { type: 'boolean' } }, additionalProperties: false },
  updatedAt: '2026-01-02T00:00:00.000Z',
  position: '3',
};
const conditions = new SiteConditions({ schema: async (siteId: string) => (siteId === 'site1' ? doc : null) } as AdaptiveSchemaReads);

describe('SiteConditions', () => {
  it('accepts a condition on a claim of the site’s schema', async () => {
    await expect(conditions.check('o1', 'site1', 'visitor.claims.beta')).resolves.toBeUndefined();
  });

  it('refuses a claim the schema lacks', async () => {
    await expect(conditions.check('o1', 'site1', 'visitor.claims.gamma')).rejects.toThrow(new Invalid('condition: unknown claim "gamma": the site\'s adaptive schema has no claim "gamma"'));
  });

  it('refuses every claim on a site without a schema, or with another organization’s', async () => {
    await expect(conditions.check('o1', 'site2', 'visitor.claims.beta')).rejects.toThrow(Invalid);
    await expect(conditions.check('o2', 'site1', 'visitor.claims.beta')).rejects.toThrow(Invalid);
    await expect(conditions.check('o1', 'site2', 'true')).resolves.toBeUndefined();
  });
});

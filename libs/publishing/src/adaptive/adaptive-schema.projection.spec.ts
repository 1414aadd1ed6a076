import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, siteStream } from '../sites/site.events';
import { AdaptiveSchema, SiteAdaptiveSchemaEvent, siteAdaptiveSchemaStream } from './adaptive-schema.events';
import { SITE_ADAPTIVE_SCHEMAS, SiteAdaptiveSchemaDoc, siteAdaptiveSchemaProjection } from './adaptive-schema.projection';

type Given = SiteAdaptiveSchemaEvent | SiteEvent;
const spec = projectionSpec<Given>(siteAdaptiveSchemaProjection, {
  stream: (e) => (e.type === 'SiteAdaptiveSchemaSet' ? siteAdaptiveSchemaStream(e.data.siteId) : siteStream(e.data.siteId)),
});

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (siteId: string) => ({ siteId, organizationId: 'o1' });
const claims = (...names: string[]): AdaptiveSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'boolean' as const }])),
  additionalProperties: false,
});

const created = (siteId: string): Given => ({ type: 'SiteCreated', data: { ...ref(siteId), type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'alice', createdAt: at(1) } });
const set = (siteId: string, jsonSchema: AdaptiveSchema, when: string): Given => ({ type: 'SiteAdaptiveSchemaSet', data: { ...ref(siteId), jsonSchema, updatedAt: when } });
const deleted = (siteId: string): Given => ({ type: 'SiteDeleted', data: { ...ref(siteId), deletedAt: at(9) } });
const doc = (id: string, jsonSchema: AdaptiveSchema, updatedAt: string, position: string): SiteAdaptiveSchemaDoc => ({ id, organizationId: 'o1', jsonSchema, updatedAt, position });

/** Two sites: the first's schema set twice, the second's set then the site deleted; a site that never set one. */
const history: Given[] = [
  created('site1'),
  created('site2'),
  created('site3'),
  set('site1', claims('beta'), at(2)),
  set('site2', claims('staff'), at(3)),
  set('site1', claims('beta', 'staff'), at(4)),
  deleted('site2'),
];

describe('site adaptive schema projection', () => {
  it('keeps the latest schema of each site, and none for a deleted site or one that never set it', () =>
    spec.given(history).then(SITE_ADAPTIVE_SCHEMAS, [doc('site1', claims('beta', 'staff'), at(4), '6')]));

  it('writes a first schema', () => spec.given([set('site1', claims('beta'), at(2))]).thenDocument(SITE_ADAPTIVE_SCHEMAS, 'site1', doc('site1', claims('beta'), at(2), '1')));

  it('ignores a site deleted before it set any schema', () => spec.given([created('site1'), deleted('site1')]).thenNone(SITE_ADAPTIVE_SCHEMAS));

  it('replays any tail to the same documents', () => spec.given(history).thenIdempotent());

  it('rebuilds to the same documents', () => spec.given(history).thenRebuildsIdentically());
});

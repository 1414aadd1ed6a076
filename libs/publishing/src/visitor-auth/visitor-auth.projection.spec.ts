import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, siteStream } from '../sites/site.events';
import { VisitorAuthEvent, visitorAuthStream } from './visitor-auth.events';
import { SITE_VISITOR_AUTH, SiteVisitorAuthDoc, visitorAuthProjection } from './visitor-auth.projection';

type Given = VisitorAuthEvent | SiteEvent;
const spec = projectionSpec<Given>(visitorAuthProjection, {
  stream: (e) => (e.type === 'SiteVisitorKeyRegenerated' || e.type === 'SiteVisitorAuthChanged' ? visitorAuthStream(e.data.siteId) : siteStream(e.data.siteId)),
});

const at = '2026-01-01T00:00:00.000Z';
const ref = (siteId: string) => ({ siteId, organizationId: 'o1' });
const regenerated = (siteId: string, generation: number): Given => ({ type: 'SiteVisitorKeyRegenerated', data: { ...ref(siteId), generation, regeneratedAt: at } });
const changed = (siteId: string, changes: object): Given => ({ type: 'SiteVisitorAuthChanged', data: { ...ref(siteId), changes, changedAt: at } });
const deleted = (siteId: string): Given => ({ type: 'SiteDeleted', data: { ...ref(siteId), deletedAt: at } });
const doc = (id: string, fields: Partial<SiteVisitorAuthDoc>, logPosition: string): SiteVisitorAuthDoc => ({
  id,
  organizationId: 'o1',
  backend: 'custom',
  fallbackURL: null,
  logoutURL: null,
  generation: 0,
  ...fields,
  logPosition,
});

const history: Given[] = [regenerated('s1', 1), changed('s1', { fallbackURL: 'https://acme.io/login' }), changed('s2', { logoutURL: 'https://acme.io/out' }), regenerated('s1', 2), deleted('s2')];

describe('site visitor auth projection', () => {
  it("keeps each site's settings and key generation, and none for a deleted site", () =>
    spec.given(history).then(SITE_VISITOR_AUTH, [doc('s1', { fallbackURL: 'https://acme.io/login', generation: 2 }, '4')]));

  it('changes nothing when an event is applied again', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});

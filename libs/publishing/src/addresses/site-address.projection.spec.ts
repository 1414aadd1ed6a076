import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, SiteSettings, siteStream } from '../sites/site.events';
import { SITE_ADDRESSES, SiteAddressDoc, siteAddressProjection } from './site-address.projection';

const spec = projectionSpec<SiteEvent>(siteAddressProjection, { stream: (e) => siteStream(e.data.siteId) });
const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (siteId: string, organizationId = 'o1') => ({ siteId, organizationId });

const created = (siteId: string, when = at(1), organizationId = 'o1'): SiteEvent => ({
  type: 'SiteCreated',
  data: { ...ref(siteId, organizationId), type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: when },
});
const changed = (siteId: string, changes: Partial<SiteSettings>): SiteEvent => ({ type: 'SiteSettingsChanged', data: { ...ref(siteId), changes, before: {}, changedAt: at(5) } });
const deleted = (siteId: string): SiteEvent => ({ type: 'SiteDeleted', data: { ...ref(siteId), deletedAt: at(9) } });

const site = (siteId: string, logPosition: string, createdAt = at(1)): SiteAddressDoc => ({ kind: 'site', id: `site:${siteId}`, siteId, organizationId: 'o1', createdAt, logPosition });
const basename = (siteId: string, name: string, current: boolean, leftAt: string | null = null, siteCreatedAt = at(1)): SiteAddressDoc => ({
  kind: 'basename',
  id: `basename:${siteId}:${name}`,
  ...ref(siteId),
  basename: name,
  current,
  siteCreatedAt,
  leftAt,
});
const hostname = (siteId: string, name: string): SiteAddressDoc => ({ kind: 'hostname', id: `hostname:${siteId}`, ...ref(siteId), hostname: name });

/** Every event it reads: a renamed site, one taking a freed basename, hostnames set, moved and removed, a deleted site. */
const history: SiteEvent[] = [
  created('s1'),
  created('s2', at(2)),
  changed('s1', { basename: 'Docs' }),
  changed('s1', { basename: 'guide', hostname: 'docs.acme.com' }),
  changed('s2', { basename: 'docs' }),
  changed('s2', { title: 'Other' }),
  changed('s1', { hostname: 'help.acme.com' }),
  created('s3', at(3)),
  changed('s3', { basename: 'gone', hostname: 'gone.acme.com' }),
  deleted('s3'),
];

describe('site address projection', () => {
  it('records a created site and nothing else', () => spec.given([created('s1')]).then(SITE_ADDRESSES, [site('s1', '1')]));

  it('keeps a basename case-folded, and a former one not current, from where it was let go', () =>
    spec
      .given([created('s1'), changed('s1', { basename: 'Docs' }), changed('s1', { basename: 'guide' })])
      .then(SITE_ADDRESSES, [basename('s1', 'docs', false, '3'), basename('s1', 'guide', true), site('s1', '3')]));

  it('makes a basename taken back current again, and a removed one former', () =>
    spec
      .given([created('s1'), changed('s1', { basename: 'docs' }), changed('s1', { basename: null }), changed('s1', { basename: 'docs' })])
      .then(SITE_ADDRESSES, [basename('s1', 'docs', true), site('s1', '4')]));

  it('holds one custom hostname per site, removed with null', () => {
    spec.given([created('s1'), changed('s1', { hostname: 'docs.acme.com' }), changed('s1', { hostname: 'help.acme.com' })]).then(SITE_ADDRESSES, [hostname('s1', 'help.acme.com'), site('s1', '3')]);
    spec.given([created('s1'), changed('s1', { hostname: 'docs.acme.com' }), changed('s1', { hostname: null })]).then(SITE_ADDRESSES, [site('s1', '3')]);
  });

  it("drops a deleted site's addresses, its former basenames too", () =>
    spec.given([created('s1'), changed('s1', { basename: 'a', hostname: 'docs.acme.com' }), changed('s1', { basename: 'b' }), deleted('s1')]).thenNone(SITE_ADDRESSES));

  describe('the lookups, on their indexes', () => {
    const given = spec.given(history);
    it("a basename's holders in an organization", () => given.thenFinds(SITE_ADDRESSES, { filter: { organizationId: 'o1', basename: 'docs' } }, ['basename:s1:docs', 'basename:s2:docs']));
    it('a hostname', () => given.thenFinds(SITE_ADDRESSES, { filter: { hostname: 'help.acme.com' } }, ['hostname:s1']));
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).then(SITE_ADDRESSES, [
      basename('s1', 'docs', false, '4'),
      basename('s1', 'guide', true),
      basename('s2', 'docs', true, null, at(2)),
      hostname('s1', 'help.acme.com'),
      site('s1', '7'),
      site('s2', '5', at(2)),
    ]));
});

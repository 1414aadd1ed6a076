import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, siteStream } from '../sites/site.events';
import { SiteRedirectEvent, SiteRedirectFields, siteRedirectsStream } from './site-redirect.events';
import { SITE_REDIRECTS, SiteRedirectDoc, siteRedirectProjection } from './site-redirect.projection';

type Event = SiteRedirectEvent | SiteEvent;
const spec = projectionSpec<Event>(siteRedirectProjection, {
  stream: (e) => ('siteRedirectId' in e.data ? siteRedirectsStream(e.data.siteId) : siteStream(e.data.siteId)),
});

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (siteRedirectId: string, siteId = 'site1') => ({ siteRedirectId, siteId, organizationId: 'o1' });
const toPage = { kind: 'site-page' as const, siteSpaceId: 'ss1', pageId: 'p1' };

const created = (id: string, source: string, when = at(1), siteId = 'site1', draft = false): Event => ({
  type: 'SiteRedirectCreated',
  data: { ...ref(id, siteId), source, draft, captureWildcard: false, permanent: false, destination: toPage, createdBy: 'u1', createdAt: when },
});
const changed = (id: string, changes: Partial<SiteRedirectFields>, when = at(2)): Event => ({
  type: 'SiteRedirectChanged',
  data: { ...ref(id), changes, before: {}, changedAt: when },
});
const deleted = (id: string, when = at(3)): Event => ({ type: 'SiteRedirectDeleted', data: { ...ref(id), source: '/x', draft: false, deletedBy: 'u1', deletedAt: when } });
const siteDeleted = (siteId: string): Event => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: at(9) } });

const redirect = (id: string, source: string, logPosition: string, fields: Partial<SiteRedirectDoc> = {}): SiteRedirectDoc => ({
  id,
  siteId: 'site1',
  organizationId: 'o1',
  source,
  match: source.endsWith('*') ? `prefix:${source.slice(0, -1)}` : `exact:${source}`,
  draft: false,
  captureWildcard: false,
  permanent: false,
  destination: toPage,
  createdAt: at(1),
  touchedAt: at(1),
  logPosition,
  ...fields,
});

/** Every event type: a changed source, a published draft, a deleted redirect and a deleted site's. */
const history: Event[] = [
  created('r1', '/old'),
  created('r2', '/docs/*', at(2)),
  changed('r1', { source: '/older*', permanent: true }, at(3)),
  created('d1', '/new', at(4), 'site1', true),
  changed('d1', { draft: false, destination: { kind: 'external', url: 'https://example.com/' } }, at(5)),
  created('r3', '/gone', at(5)),
  deleted('r3', at(6)),
  created('r9', '/other', at(6), 'site2'),
  siteDeleted('site2'),
];

describe('site redirect projection', () => {
  it('records a created redirect with its match key and no updatedAt', () => spec.given([created('r1', '/docs/*')]).then(SITE_REDIRECTS, [redirect('r1', '/docs/*', '1')]));

  it('changes a redirect, its match key with its source', () =>
    spec
      .given([created('r1', '/a'), changed('r1', { source: '/b*', captureWildcard: true }, at(2))])
      .then(SITE_REDIRECTS, [redirect('r1', '/b*', '2', { captureWildcard: true, updatedAt: at(2), touchedAt: at(2) })]));

  it('removes a deleted redirect', () => spec.given([created('r1', '/a'), created('r2', '/b'), deleted('r1')]).then(SITE_REDIRECTS, [redirect('r2', '/b', '2')]));

  it("removes a deleted site's redirects, and no other site's", () =>
    spec.given([created('r1', '/a'), created('r2', '/a', at(1), 'site2'), siteDeleted('site2')]).then(SITE_REDIRECTS, [redirect('r1', '/a', '1')]));

  it('ignores changes to a redirect it does not hold', () => spec.given([changed('r9', { permanent: true }), deleted('r9')]).thenNone(SITE_REDIRECTS));

  describe('the lists and the lookup, on their indexes', () => {
    const listed = spec.given([created('r3', '/c', at(3)), created('r1', '/b/*', at(1)), created('r2', '/a', at(2)), created('d1', '/a', at(2), 'site1', true), changed('r1', { permanent: true }, at(5))]);
    const live = { siteId: 'site1', draft: false };
    it('newest first', () => listed.thenFinds(SITE_REDIRECTS, { filter: live, sort: { field: 'createdAt', direction: 'desc' } }, ['r3', 'r2', 'r1']));
    it('last touched first', () => listed.thenFinds(SITE_REDIRECTS, { filter: live, sort: { field: 'touchedAt', direction: 'desc' } }, ['r1', 'r3', 'r2']));
    it('by source', () => listed.thenFinds(SITE_REDIRECTS, { filter: live, sort: { field: 'source', direction: 'asc' } }, ['r2', 'r1', 'r3']));
    it('drafts', () => listed.thenFinds(SITE_REDIRECTS, { filter: { siteId: 'site1', draft: true } }, ['d1']));
    it("a path's candidates", () => listed.thenFinds(SITE_REDIRECTS, { filter: { ...live, match: { $in: ['exact:/b/x', 'prefix:/b/x', 'prefix:/b/', 'prefix:/b'] } } }, ['r1']));
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).then(SITE_REDIRECTS, [
      redirect('d1', '/new', '5', { createdAt: at(4), destination: { kind: 'external', url: 'https://example.com/' }, updatedAt: at(5), touchedAt: at(5) }),
      redirect('r1', '/older*', '3', { permanent: true, updatedAt: at(3), touchedAt: at(3) }),
      redirect('r2', '/docs/*', '2', { createdAt: at(2), touchedAt: at(2) }),
    ]));
});

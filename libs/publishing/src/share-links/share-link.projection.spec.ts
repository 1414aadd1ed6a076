import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SiteEvent, siteStream } from '../sites/site.events';
import { ShareLinkChanges, ShareLinkEvent, shareLinkStream } from './share-link.events';
import { SHARE_LINKS, ShareLinkDoc, shareLinkProjection } from './share-link.projection';

type Event = ShareLinkEvent | SiteEvent;
const spec = projectionSpec<Event>(shareLinkProjection, {
  stream: (e) => ('shareLinkId' in e.data ? shareLinkStream(e.data.shareLinkId) : siteStream(e.data.siteId)),
});

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (shareLinkId: string, siteId = 'site1') => ({ shareLinkId, siteId, organizationId: 'o1' });
const key = (shareLinkId: string) => `key-of-${shareLinkId}`;

const created = (shareLinkId: string, name = 'Reviewers', when = at(1), siteId = 'site1'): Event => ({
  type: 'SiteShareLinkCreated',
  data: { ...ref(shareLinkId, siteId), name, key: key(shareLinkId), createdBy: 'u1', createdAt: when },
});
const changed = (shareLinkId: string, changes: ShareLinkChanges, when = at(2)): Event => ({
  type: 'SiteShareLinkChanged',
  data: { ...ref(shareLinkId), changes, before: {}, changedAt: when },
});
const revoked = (shareLinkId: string, when = at(3)): Event => ({ type: 'SiteShareLinkRevoked', data: { ...ref(shareLinkId), revokedBy: 'u1', revokedAt: when } });
const siteDeleted = (siteId: string): Event => ({ type: 'SiteDeleted', data: { siteId, organizationId: 'o1', deletedAt: at(9) } });

const link = (id: string, logPosition: string, fields: Partial<ShareLinkDoc> = {}): ShareLinkDoc => ({
  id,
  siteId: 'site1',
  organizationId: 'o1',
  name: 'Reviewers',
  nameFolded: 'reviewers',
  key: key(id),
  active: true,
  createdBy: 'u1',
  createdAt: at(1),
  updatedAt: at(1),
  logPosition,
  ...fields,
});

/** Every event type: renamed and toggled links, a revoked one, and a deleted site's. */
const history: Event[] = [
  created('l1', 'Reviewers'),
  created('l2', 'Legal', at(2)),
  changed('l1', { name: 'ÉQUIPE Légale' }, at(3)),
  changed('l1', { active: false }, at(4)),
  changed('l1', { active: true }, at(5)),
  changed('l2', { active: false }, at(5)),
  created('l3', 'Gone', at(6)),
  revoked('l3', at(7)),
  created('l4', 'Other site', at(6), 'site2'),
  siteDeleted('site2'),
];

describe('share link projection', () => {
  it('records a created link, active, with its key and folded name', () =>
    spec.given([created('l1', 'Équipe')]).then(SHARE_LINKS, [link('l1', '1', { name: 'Équipe', nameFolded: 'équipe' })]));

  it('renames and toggles a link', () =>
    spec
      .given([created('l1'), changed('l1', { name: 'Legal', active: false }, at(2))])
      .then(SHARE_LINKS, [link('l1', '2', { name: 'Legal', nameFolded: 'legal', active: false, updatedAt: at(2) })]));

  it('removes a revoked link', () => spec.given([created('l1'), created('l2'), revoked('l1')]).then(SHARE_LINKS, [link('l2', '2')]));

  it("removes a deleted site's links, and no other site's", () =>
    spec
      .given([created('l1'), created('l2', 'Reviewers', at(1), 'site2'), siteDeleted('site2')])
      .then(SHARE_LINKS, [link('l1', '1')]));

  it('ignores changes to a link it does not hold', () => spec.given([changed('l9', { active: false }), revoked('l9')]).thenNone(SHARE_LINKS));

  describe('the lists, on their indexes', () => {
    const listed = spec.given([created('l3', 'C', at(3)), created('l1', 'A', at(1)), created('l2', 'B', at(2)), created('l9', 'Z', at(1), 'site2')]);
    it("a site's links, oldest first", () => listed.thenFinds(SHARE_LINKS, { filter: { siteId: 'site1' }, sort: { field: 'createdAt', direction: 'asc' } }, ['l1', 'l2', 'l3']));
    it('a key', () => listed.thenFinds(SHARE_LINKS, { filter: { key: key('l2') } }, ['l2']));
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).then(SHARE_LINKS, [
      link('l1', '5', { name: 'ÉQUIPE Légale', nameFolded: 'équipe légale', updatedAt: at(5) }),
      link('l2', '6', { name: 'Legal', nameFolded: 'legal', createdAt: at(2), active: false, updatedAt: at(5) }),
    ]));
});

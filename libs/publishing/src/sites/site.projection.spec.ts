import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { siteDoc, siteSpaceDoc } from '../testing/site-docs';
import { SiteEvent, SiteSettings, SiteSpaceChanges, siteStream, SiteType } from './site.events';
import { SITE_SPACES, SiteDoc, siteProjection, SITES, SiteSpaceDoc } from './site.projection';

const spec = projectionSpec<SiteEvent>(siteProjection, { stream: (e) => siteStream(e.data.siteId) });

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (siteId: string) => ({ siteId, organizationId: 'o1' });

const created = (siteId = 'site1', when = at(1), fields: { title?: string; type?: SiteType } = {}): SiteEvent => ({
  type: 'SiteCreated',
  data: { ...ref(siteId), type: fields.type ?? 'basic', title: fields.title ?? 'Docs', visibility: 'public', createdBy: 'alice', createdAt: when },
});
const changed = (changes: Partial<SiteSettings>, when = at(3), siteId = 'site1'): SiteEvent => ({
  type: 'SiteSettingsChanged',
  data: { ...ref(siteId), changes, before: {}, changedAt: when },
});
const published = (siteId = 'site1', when = at(4)): SiteEvent => ({ type: 'SitePublished', data: { ...ref(siteId), publishedAt: when } });
const unpublished = (siteId = 'site1', when = at(5)): SiteEvent => ({ type: 'SiteUnpublished', data: { ...ref(siteId), unpublishedAt: when } });
const deleted = (siteId = 'site1', when = at(9)): SiteEvent => ({ type: 'SiteDeleted', data: { ...ref(siteId), deletedAt: when } });
const added = (siteSpaceId: string, spaceId: string, position: string, options: { siteId?: string; sectionId?: string; when?: string } = {}): SiteEvent => ({
  type: 'SiteSpaceAdded',
  data: {
    ...ref(options.siteId ?? 'site1'),
    siteSpaceId,
    spaceId,
    sectionId: options.sectionId ?? null,
    path: `path-${siteSpaceId}`,
    position,
    addedAt: options.when ?? at(2),
  },
});
const spaceChanged = (siteSpaceId: string, changes: SiteSpaceChanges, when = at(6), siteId = 'site1'): SiteEvent => ({
  type: 'SiteSpaceChanged',
  data: { ...ref(siteId), siteSpaceId, changes, before: {}, changedAt: when },
});
const removed = (siteSpaceId: string, when = at(7), siteId = 'site1'): SiteEvent => ({
  type: 'SiteSpaceRemoved',
  data: { ...ref(siteId), siteSpaceId, removedAt: when },
});

const site = (fields: Partial<SiteDoc> = {}) => siteDoc(fields);
const siteSpace = (id: string, spaceId: string, position: string, logPosition: string, fields: Partial<SiteSpaceDoc> = {}) =>
  siteSpaceDoc({ id, spaceId, position, path: `path-${id}`, logPosition, ...fields });

/** Every event type, on two sites (the second deleted with its site spaces). */
const history: SiteEvent[] = [
  created(),
  added('ss1', 's1', 'a0'),
  added('ss2', 's2', 'a1'),
  added('ss3', 's1', 'a0', { sectionId: 'sec1' }),
  changed({ title: 'Handbook', basename: 'handbook', defaultSiteSpace: 'ss2', proxy: 'acme.com/docs', agentsContext: 'excluded' }),
  published(),
  spaceChanged('ss2', { path: 'v2', condition: 'visitor.claims.beta', hidden: true }),
  spaceChanged('ss3', { spaceId: 's3' }),
  removed('ss1'),
  unpublished(),
  published('site1', at(8)),
  changed({ basename: null, proxy: null }, at(8)),
  created('site2', at(2), { title: 'Other', type: 'premium' }),
  added('ss4', 's1', 'a0', { siteId: 'site2' }),
  {
    type: 'SiteSpaceDuplicationStarted',
    data: { ...ref('site2'), siteSpaceId: 'ss4', newSiteSpaceId: 'ss5', spaceId: 's1', copySpaceId: 's5', newSectionId: 'sec5', draft: true, startedAt: at(3) },
  },
  { type: 'SiteSpaceAdded', data: { ...ref('site2'), siteSpaceId: 'ss5', spaceId: 's5', sectionId: null, path: 'copy', position: 'a1', draft: true, duplicatedFrom: 'ss4', addedAt: at(3) } },
  { type: 'SiteSpaceDuplicationAbandoned', data: { ...ref('site2'), newSiteSpaceId: 'ss6', reason: 'gone', abandonedAt: at(4) } },
  deleted('site2'),
];

describe('site projection', () => {
  it('records a created site with its defaults', () =>
    spec.given([created('site1', at(1), { title: 'Développeurs API', type: 'ultimate' })]).thenCollections({
      [SITES]: [site({ title: 'Développeurs API', titleFolded: 'développeurs api', type: 'ultimate' })],
      [SITE_SPACES]: [],
    }));

  it('changes settings, folds a new title, removes what is set to null, and moves the ETag', () =>
    spec
      .given([
        created(),
        changed({ title: 'HANDBOOK', basename: 'handbook', adaptiveContent: { enabled: true }, defaultLevel: 'read', proxy: 'acme.com/docs' }),
        changed({ basename: null, visibility: 'unlisted', defaultSiteSpace: 'ss9', defaultSiteSection: 'sec1' }, at(4)),
      ])
      .then(SITES, [
        site({
          title: 'HANDBOOK',
          titleFolded: 'handbook',
          visibility: 'unlisted',
          adaptiveContent: { enabled: true },
          defaultLevel: 'read',
          proxy: 'acme.com/docs',
          defaultSiteSpace: 'ss9',
          defaultSiteSection: 'sec1',
          updatedAt: at(4),
          streamRevision: '2',
          logPosition: '3',
        }),
      ]));

  it('publishes and unpublishes', async () => {
    await spec.given([created(), published()]).then(SITES, [site({ published: true, updatedAt: at(4), streamRevision: '1', logPosition: '2' })]);
    await spec.given([created(), published(), unpublished()]).then(SITES, [site({ updatedAt: at(5), streamRevision: '2', logPosition: '3' })]);
  });

  it('adds site spaces and counts them and their distinct spaces on the site', () =>
    spec.given([created(), added('ss1', 's2', 'a0'), added('ss2', 's1', 'a1'), added('ss3', 's2', 'a0', { sectionId: 'sec1', when: at(3) })]).thenCollections({
      [SITES]: [site({ siteSpaces: 3, spaceIds: ['s1', 's2'], siteSpaceIds: ['ss1', 'ss2', 'ss3'], updatedAt: at(3), streamRevision: '3', logPosition: '4' })],
      [SITE_SPACES]: [
        siteSpace('ss1', 's2', 'a0', '2'),
        siteSpace('ss2', 's1', 'a1', '3'),
        siteSpace('ss3', 's2', 'a0', '4', { sectionId: 'sec1', addedAt: at(3), updatedAt: at(3) }),
      ],
    }));

  it('changes a site space, and the spaces of the site when it points elsewhere', () =>
    spec
      .given([created(), added('ss1', 's1', 'a0'), spaceChanged('ss1', { path: 'v2', condition: 'visitor.claims.beta', hidden: true }), spaceChanged('ss1', { spaceId: 's2', condition: null }, at(7))])
      .thenCollections({
        [SITES]: [site({ siteSpaces: 1, spaceIds: ['s2'], siteSpaceIds: ['ss1'], updatedAt: at(7), streamRevision: '3', logPosition: '4' })],
        [SITE_SPACES]: [siteSpace('ss1', 's2', 'a0', '4', { path: 'v2', hidden: true, updatedAt: at(7) })],
      }));

  it('records a draft site space, and moves the ETag with the steps of a duplication', () => {
    const started: SiteEvent = {
      type: 'SiteSpaceDuplicationStarted',
      data: { ...ref('site1'), siteSpaceId: 'ss1', newSiteSpaceId: 'ss2', spaceId: 's1', copySpaceId: 's9', newSectionId: 'sec9', draft: true, startedAt: at(3) },
    };
    const copy: SiteEvent = { type: 'SiteSpaceAdded', data: { ...ref('site1'), siteSpaceId: 'ss2', spaceId: 's9', sectionId: null, path: 'path-ss2', position: 'a1', draft: true, duplicatedFrom: 'ss1', addedAt: at(4) } };
    const abandoned: SiteEvent = { type: 'SiteSpaceDuplicationAbandoned', data: { ...ref('site1'), newSiteSpaceId: 'ss3', reason: 'gone', abandonedAt: at(5) } };
    return spec.given([created(), added('ss1', 's1', 'a0'), started, copy, abandoned]).thenCollections({
      [SITES]: [site({ siteSpaces: 2, spaceIds: ['s1', 's9'], siteSpaceIds: ['ss1', 'ss2'], updatedAt: at(5), streamRevision: '4', logPosition: '5' })],
      [SITE_SPACES]: [siteSpace('ss1', 's1', 'a0', '2'), siteSpace('ss2', 's9', 'a1', '4', { draft: true, addedAt: at(4), updatedAt: at(4) })],
    });
  });

  it('removes a site space and counts again', () =>
    spec.given([created(), added('ss1', 's1', 'a0'), added('ss2', 's1', 'a1'), added('ss3', 's2', 'a2'), removed('ss3'), removed('ss1')]).thenCollections({
      [SITES]: [site({ siteSpaces: 1, spaceIds: ['s1'], siteSpaceIds: ['ss2'], updatedAt: at(7), streamRevision: '5', logPosition: '6' })],
      [SITE_SPACES]: [siteSpace('ss2', 's1', 'a1', '3')],
    }));

  it('removes a deleted site with its site spaces, and no other site', () =>
    spec.given([created(), created('site2', at(2)), added('ss1', 's1', 'a0'), added('ss2', 's1', 'a0', { siteId: 'site2' }), deleted()]).thenCollections({
      [SITES]: [site({ id: 'site2', createdAt: at(2), updatedAt: at(2), siteSpaces: 1, spaceIds: ['s1'], siteSpaceIds: ['ss2'], streamRevision: '1', logPosition: '4' })],
      [SITE_SPACES]: [siteSpace('ss2', 's1', 'a0', '4', { siteId: 'site2' })],
    }));

  it('ignores events about a site or site space it does not hold', () =>
    spec
      .given([created(), deleted(), added('ss1', 's1', 'a0'), spaceChanged('ss1', { hidden: true }), removed('ss1'), published(), changed({ title: 'Again' })])
      .thenCollections({ [SITES]: [], [SITE_SPACES]: [] }));

  describe('the lists, on their indexes', () => {
    const listed = spec.given([
      created('site1', at(1)),
      created('site2', at(2), { type: 'premium' }),
      created('site3', at(3)),
      published('site3'),
      created('site4', at(4)),
      published('site4'),
      { type: 'SiteCreated', data: { siteId: 'other', organizationId: 'o2', type: 'basic', title: 'Other', visibility: 'public', createdBy: 'bob', createdAt: at(1) } },
      added('ss1', 's1', 'a2', { siteId: 'site1' }),
      added('ss2', 's2', 'a0', { siteId: 'site1' }),
      added('ss3', 's1', 'a1', { siteId: 'site1', sectionId: 'sec1' }),
      added('ss4', 's1', 'a0', { siteId: 'site1', sectionId: 'sec1' }),
      added('ss5', 's1', 'a0', { siteId: 'site3' }),
    ]);
    const oldest = { field: 'createdAt', direction: 'asc' } as const;
    const structure = { field: 'position', direction: 'asc' } as const;

    it("an organization's sites, oldest first", () => listed.thenFinds(SITES, { filter: { organizationId: 'o1' }, sort: oldest }, ['site1', 'site2', 'site3', 'site4']));
    it('published ones', () => listed.thenFinds(SITES, { filter: { organizationId: 'o1', published: true }, sort: oldest }, ['site3', 'site4']));
    it('by type', () => listed.thenFinds(SITES, { filter: { organizationId: 'o1', type: 'premium' }, sort: oldest }, ['site2']));
    it("a site's site spaces in position order", () => listed.thenFinds(SITE_SPACES, { filter: { siteId: 'site1' }, sort: structure }, ['ss2', 'ss4', 'ss3', 'ss1']));
    it("a site's root site spaces", () => listed.thenFinds(SITE_SPACES, { filter: { siteId: 'site1', sectionId: null }, sort: structure }, ['ss2', 'ss1']));
    it("a section's site spaces", () => listed.thenFinds(SITE_SPACES, { filter: { siteId: 'site1', sectionId: 'sec1' }, sort: structure }, ['ss4', 'ss3']));
    it("a space's site spaces", () => listed.thenFinds(SITE_SPACES, { filter: { spaceId: 's1' } }, ['ss1', 'ss3', 'ss4', 'ss5']));
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).thenCollections({
      [SITES]: [
        site({
          title: 'Handbook',
          titleFolded: 'handbook',
          defaultSiteSpace: 'ss2',
          agentsContext: 'excluded',
          published: true,
          siteSpaces: 2,
          spaceIds: ['s2', 's3'],
          siteSpaceIds: ['ss2', 'ss3'],
          updatedAt: at(8),
          streamRevision: '11',
          logPosition: '12',
        }),
      ],
      [SITE_SPACES]: [
        siteSpace('ss2', 's2', 'a1', '7', { path: 'v2', condition: 'visitor.claims.beta', hidden: true, updatedAt: at(6) }),
        siteSpace('ss3', 's3', 'a0', '8', { sectionId: 'sec1', updatedAt: at(6) }),
      ],
    }));
});

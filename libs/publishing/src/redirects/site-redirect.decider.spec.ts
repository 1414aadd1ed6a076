import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { fold as foldEvents } from '@folio/platform/domain/decider';
import { BulkRedirectItem, MAX_SITE_REDIRECTS, planUpserts, siteRedirectDecider, SiteRedirectCommand } from './site-redirect.decider';
import { SiteRedirectDestination, SiteRedirectEvent, SiteRedirectFields } from './site-redirect.events';

const spec = deciderSpec(siteRedirectDecider);
const fold = (events: SiteRedirectEvent[]) => foldEvents(siteRedirectDecider, events);
const now = '2026-01-01T00:00:00.000Z';
const site = { siteId: 'w1', organizationId: 'o1' };
const ref = (siteRedirectId: string) => ({ siteRedirectId, ...site });
const toPage: SiteRedirectDestination = { kind: 'site-page', siteSpaceId: 'ss1', pageId: 'p1' };
const toUrl: SiteRedirectDestination = { kind: 'external', url: 'https://example.com/' };
const fields = (source: string, more: Partial<SiteRedirectFields> = {}): SiteRedirectFields => ({
  source, draft: false, captureWildcard: false, permanent: false, destination: toPage, ...more,
});

const created = (id: string, source: string, more: Partial<SiteRedirectFields> = {}): SiteRedirectEvent => ({
  type: 'SiteRedirectCreated', data: { ...ref(id), ...fields(source, more), createdBy: 'u1', createdAt: now },
});
const changed = (id: string, changes: Partial<SiteRedirectFields>, before: Partial<SiteRedirectFields>): SiteRedirectEvent => ({
  type: 'SiteRedirectChanged', data: { ...ref(id), changes, before, changedAt: now },
});
const deleted = (id: string, source: string, draft = false): SiteRedirectEvent => ({
  type: 'SiteRedirectDeleted', data: { ...ref(id), source, draft, deletedBy: 'u1', deletedAt: now },
});

const create = (id: string, source: string, more: Partial<SiteRedirectFields> = {}): SiteRedirectCommand =>
  ({ type: 'CreateSiteRedirect', ...site, siteRedirectId: id, redirect: fields(source, more), actor: 'u1', now });
const update = (id: string, changes: Partial<SiteRedirectFields>): SiteRedirectCommand => ({ type: 'UpdateSiteRedirect', ...site, siteRedirectId: id, changes, now });
const remove = (id: string): SiteRedirectCommand => ({ type: 'DeleteSiteRedirect', ...site, siteRedirectId: id, actor: 'u1', now });
const upsert = (items: BulkRedirectItem[]) =>
  ({ type: 'UpsertSiteRedirects' as const, ...site, items, newIds: items.map((_, i) => `n${i}`), actor: 'u1', now });

describe('site redirects decider', () => {
  describe('create', () => {
    it('creates a redirect', () => spec.given([]).when(create('r1', '/old')).then([created('r1', '/old')]));
    it('refuses a second live redirect of one source', () => spec.given([created('r1', '/old')]).when(create('r2', '/old')).thenThrows(Conflict));
    it('lets a draft stand beside the live redirect of its source', () =>
      spec.given([created('r1', '/old')]).when(create('r2', '/old', { draft: true })).then([created('r2', '/old', { draft: true })]));
    it('frees a source its redirect left', () =>
      spec.given([created('r1', '/old'), changed('r1', { source: '/older' }, { source: '/old' })]).when(create('r2', '/old')).then([created('r2', '/old')]));
    it('refuses one more than a site holds', () => {
      const full = Array.from({ length: MAX_SITE_REDIRECTS }, (_, i) => created(`r${i}`, `/p${i}`));
      spec.given(full).when(create('x', '/x')).thenThrows(Invalid);
    });
  });

  describe('update', () => {
    it('records the fields that change, with what they were', () =>
      spec.given([created('r1', '/old')]).when(update('r1', { source: '/old/*', captureWildcard: true, destination: toPage }))
        .then([changed('r1', { source: '/old/*', captureWildcard: true }, { source: '/old', captureWildcard: false })]));
    it('writes nothing when nothing changes', () => spec.given([created('r1', '/old')]).when(update('r1', { source: '/old', destination: { ...toPage } })).then([]));
    it('refuses a source another redirect has', () => spec.given([created('r1', '/a'), created('r2', '/b')]).when(update('r2', { source: '/a' })).thenThrows(Conflict));
    it('refuses making a draft live over the live redirect of its source', () =>
      spec.given([created('r1', '/a'), created('r2', '/a', { draft: true })]).when(update('r2', { draft: false })).thenThrows(Conflict));
    it('answers NotFound for a redirect that is not there', () => spec.given([created('r1', '/a'), deleted('r1', '/a')]).when(update('r1', { permanent: true })).thenThrows(NotFound));
  });

  describe('delete', () => {
    it('deletes a redirect', () => spec.given([created('r1', '/a')]).when(remove('r1')).then([deleted('r1', '/a')]));
    it('writes nothing for one that is not there', () => spec.given([created('r1', '/a'), deleted('r1', '/a')]).when(remove('r1')).then([]));
  });

  describe('bulk upsert', () => {
    it('creates, updates and deletes by source and intent, each entry seeing the ones before it', () => {
      const given = fold([created('r1', '/a'), created('r2', '/b')]);
      const plan = planUpserts(upsert([
        { source: '/new', intent: 'live', destination: toUrl },
        { source: '/a', intent: 'live', permanent: true, destination: toPage },
        { source: '/b', intent: 'live', destination: null },
        { source: '/new', intent: 'live', captureWildcard: true, destination: toUrl },
        { source: '/gone', intent: 'draft', destination: null },
      ]), given);
      expect(plan.results).toEqual([
        { status: 'created', source: '/new', draft: false, id: 'n0' },
        { status: 'updated', source: '/a', draft: false, id: 'r1' },
        { status: 'deleted', source: '/b', draft: false },
        { status: 'updated', source: '/new', draft: false, id: 'n0' },
        { status: 'deleted', source: '/gone', draft: true },
      ]);
      expect(plan.events).toEqual([
        created('n0', '/new', { destination: toUrl }),
        changed('r1', { permanent: true }, { permanent: false }),
        deleted('r2', '/b'),
        changed('n0', { captureWildcard: true }, { captureWildcard: false }),
      ]);
      spec.given([created('r1', '/a'), created('r2', '/b')]).when(upsert([{ source: '/b', intent: 'live', destination: null }])).then([deleted('r2', '/b')]);
    });

    it('publishes a draft: it becomes live, or replaces the live redirect of its source (which keeps its id)', () => {
      const draftOnly = planUpserts(upsert([{ source: '/a', intent: 'publish' }]), fold([created('d1', '/a', { draft: true })]));
      expect(draftOnly).toEqual({ events: [changed('d1', { draft: false }, { draft: true })], results: [{ status: 'published', source: '/a', draft: false, id: 'd1' }] });
      const both = planUpserts(upsert([{ source: '/a', intent: 'publish' }]), fold([created('r1', '/a'), created('d1', '/a', { draft: true, destination: toUrl, permanent: true })]));
      expect(both.events).toEqual([deleted('d1', '/a', true), changed('r1', { permanent: true, destination: toUrl }, { permanent: false, destination: toPage })]);
      expect(both.results).toEqual([{ status: 'published', source: '/a', draft: false, id: 'r1' }]);
    });

    it('answers an error for a draft that is not there or one redirect too many, and still does the rest', () => {
      const full = fold(Array.from({ length: MAX_SITE_REDIRECTS }, (_, i) => created(`r${i}`, `/p${i}`)));
      const plan = planUpserts(upsert([{ source: '/x', intent: 'publish' }, { source: '/y', intent: 'live', destination: toUrl }, { source: '/p1', intent: 'live', destination: toUrl }]), full);
      expect(plan.results).toEqual([
        { status: 'error', source: '/x', draft: true, error: expect.stringContaining('no draft') },
        { status: 'error', source: '/y', draft: false, error: expect.stringContaining(`${MAX_SITE_REDIRECTS}`) },
        { status: 'updated', source: '/p1', draft: false, id: 'r1' },
      ]);
      expect(plan.events).toEqual([changed('r1', { destination: toUrl }, { destination: toPage })]);
    });
  });
});

import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { SiteCommand, siteDecider } from './site.decider';
import { SiteEvent } from './site.events';

const spec = deciderSpec(siteDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { siteId: 'site1', organizationId: 'o1' };
const first = keyBetween(null, null);
const second = keyBetween(first, null);

const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: now } };
const spaceAdded = (siteSpaceId: string, spaceId: string, path: string, position = first): SiteEvent => ({
  type: 'SiteSpaceAdded',
  data: { ...ids, siteSpaceId, spaceId, sectionId: null, path, position, addedAt: now },
});
const published: SiteEvent = { type: 'SitePublished', data: { ...ids, publishedAt: now } };
const deleted: SiteEvent = { type: 'SiteDeleted', data: { ...ids, deletedAt: now } };
const settingsChanged = (changes: object, before: object): SiteEvent => ({ type: 'SiteSettingsChanged', data: { ...ids, changes, before, changedAt: now } });

const create = (spaces: { siteSpaceId: string; spaceId: string; title: string }[] = []): SiteCommand => ({
  type: 'CreateSite',
  ...ids,
  siteType: 'basic',
  title: 'Docs',
  visibility: 'public',
  spaces,
  actor: 'u1',
  now,
});
const startDuplication = (siteSpaceId: string, draft = false): SiteCommand => ({
  type: 'StartSiteSpaceDuplication',
  siteSpaceId,
  newSiteSpaceId: 'ss3',
  copySpaceId: 'copy1',
  newSectionId: 'sec9',
  draft,
  now,
});
const started = (siteSpaceId: string, spaceId: string, draft = false): SiteEvent => ({
  type: 'SiteSpaceDuplicationStarted',
  data: { ...ids, siteSpaceId, newSiteSpaceId: 'ss3', spaceId, copySpaceId: 'copy1', newSectionId: 'sec9', draft, startedAt: now },
});
const complete = (): SiteCommand => ({ type: 'CompleteSiteSpaceDuplication', newSiteSpaceId: 'ss3', now });
const add = (siteSpaceId: string, spaceId: string, title: string, sectionId: string | null = null): SiteCommand => ({ type: 'AddSiteSpace', siteSpaceId, spaceId, title, sectionId, now });

describe('site decider', () => {
  describe('SetSiteHostname', () => {
    const set = (hostname: string | null): SiteCommand => ({ type: 'SetSiteHostname', hostname, now });
    it('sets a custom hostname as a settings change, with what it was', () =>
      spec.given([created]).when(set('docs.acme.com')).then([settingsChanged({ hostname: 'docs.acme.com' }, { hostname: null })]));
    it('replaces and removes it', () => {
      spec.given([created, settingsChanged({ hostname: 'docs.acme.com' }, { hostname: null })]).when(set('help.acme.com')).then([settingsChanged({ hostname: 'help.acme.com' }, { hostname: 'docs.acme.com' })]);
      spec.given([created, settingsChanged({ hostname: 'docs.acme.com' }, { hostname: null })]).when(set(null)).then([settingsChanged({ hostname: null }, { hostname: 'docs.acme.com' })]);
    });
    it('writes nothing for the hostname it has', () => spec.given([created, settingsChanged({ hostname: 'docs.acme.com' }, { hostname: null })]).when(set('docs.acme.com')).then([]));
    it('refuses a deleted site', () => spec.given([created, deleted]).when(set('docs.acme.com')).thenThrows(NotFound));
  });

  describe('CreateSite', () => {
    it('creates an unpublished site', () => spec.given([]).when(create()).then([created]));

    it('adds each space as a site space at the root, in order, with a path from its title', () =>
      spec
        .given([])
        .when(create([{ siteSpaceId: 'ss1', spaceId: 'sp1', title: 'Getting Started' }, { siteSpaceId: 'ss2', spaceId: 'sp2', title: 'API' }]))
        .then([created, spaceAdded('ss1', 'sp1', 'getting-started'), spaceAdded('ss2', 'sp2', 'api', second)]));

    it('gives two spaces of one title two paths', () =>
      spec
        .given([])
        .when(create([{ siteSpaceId: 'ss1', spaceId: 'sp1', title: 'Guide' }, { siteSpaceId: 'ss2', spaceId: 'sp2', title: 'guide!' }]))
        .then([created, spaceAdded('ss1', 'sp1', 'guide'), spaceAdded('ss2', 'sp2', 'guide-2', second)]));

    it('refuses one space twice', () =>
      spec.given([]).when(create([{ siteSpaceId: 'ss1', spaceId: 'sp1', title: 'A' }, { siteSpaceId: 'ss2', spaceId: 'sp1', title: 'A' }])).thenThrows(Conflict));

    it('refuses an existing site', () => spec.given([created]).when(create()).thenThrows(Conflict));
  });

  describe('UpdateSite', () => {
    it('writes what differs, with what it was', () =>
      spec
        .given([created])
        .when({ type: 'UpdateSite', changes: { title: 'Docs', visibility: 'unlisted', basename: 'api' }, now })
        .then([settingsChanged({ visibility: 'unlisted', basename: 'api' }, { visibility: 'public', basename: null })]));

    it('writes nothing when nothing differs', () =>
      spec.given([created]).when({ type: 'UpdateSite', changes: { title: 'Docs', adaptiveContent: { enabled: false } }, now }).then([]));

    it('sets the default site space to one of its site spaces', () =>
      spec
        .given([created, spaceAdded('ss1', 'sp1', 'a')])
        .when({ type: 'UpdateSite', changes: { defaultSiteSpace: 'ss1' }, now })
        .then([settingsChanged({ defaultSiteSpace: 'ss1' }, { defaultSiteSpace: null })]));

    it.each([
      ['an unknown default site space', { defaultSiteSpace: 'nope' }],
      ['a default section the site does not have', { defaultSiteSection: 'nope' }],
    ])('refuses %s', (_name, changes) => spec.given([created]).when({ type: 'UpdateSite', changes, now }).thenThrows(Invalid));

    it('refuses a deleted site', () => spec.given([created, deleted]).when({ type: 'UpdateSite', changes: { title: 'New' }, now }).thenThrows(NotFound));
  });

  describe('publication', () => {
    it('publishes', () => spec.given([created]).when({ type: 'PublishSite', now }).then([published]));
    it('writes nothing when already published', () => spec.given([created, published]).when({ type: 'PublishSite', now }).then([]));
    it('unpublishes', () =>
      spec.given([created, published]).when({ type: 'UnpublishSite', now }).then([{ type: 'SiteUnpublished', data: { ...ids, unpublishedAt: now } }]));
    it('writes nothing when not published', () => spec.given([created]).when({ type: 'UnpublishSite', now }).then([]));
  });

  describe('DeleteSite', () => {
    it('deletes a site', () => spec.given([created]).when({ type: 'DeleteSite', now }).then([deleted]));
    it('writes nothing for a site already deleted', () => spec.given([created, deleted]).when({ type: 'DeleteSite', now }).then([]));
    it('writes nothing for a site that never was', () => spec.given([]).when({ type: 'DeleteSite', now }).then([]));
  });

  describe('site spaces', () => {
    it('adds a space after the last one, with a free path', () =>
      spec.given([created, spaceAdded('ss1', 'sp1', 'guide')]).when(add('ss2', 'sp2', 'Guide')).then([spaceAdded('ss2', 'sp2', 'guide-2', second)]));

    it('refuses a space already at the root', () => spec.given([created, spaceAdded('ss1', 'sp1', 'a')]).when(add('ss2', 'sp1', 'A')).thenThrows(Conflict));

    it('refuses a section the site does not have', () => spec.given([created]).when(add('ss1', 'sp1', 'A', 'sec1')).thenThrows(Invalid));

    it('changes the path, condition and visibility in navigation, writing what differs', () =>
      spec
        .given([created, spaceAdded('ss1', 'sp1', 'a')])
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'ss1', changes: { path: 'b', condition: 'visitor.claims.beta', hidden: false }, now })
        .then([
          {
            type: 'SiteSpaceChanged',
            data: { ...ids, siteSpaceId: 'ss1', changes: { path: 'b', condition: 'visitor.claims.beta' }, before: { path: 'a', condition: null }, changedAt: now },
          },
        ]));

    it('removes a condition with null, and writes nothing when there is none', () =>
      spec.given([created, spaceAdded('ss1', 'sp1', 'a')]).when({ type: 'UpdateSiteSpace', siteSpaceId: 'ss1', changes: { condition: null }, now }).then([]));

    it('refuses a path another site space there has', () =>
      spec
        .given([created, spaceAdded('ss1', 'sp1', 'a'), spaceAdded('ss2', 'sp2', 'b', second)])
        .when({ type: 'UpdateSiteSpace', siteSpaceId: 'ss2', changes: { path: 'a' }, now })
        .thenThrows(Conflict));

    it('refuses an unknown site space', () => spec.given([created]).when({ type: 'UpdateSiteSpace', siteSpaceId: 'nope', changes: { hidden: true }, now }).thenThrows(NotFound));

    it('removes a site space', () =>
      spec
        .given([created, spaceAdded('ss1', 'sp1', 'a')])
        .when({ type: 'RemoveSiteSpace', siteSpaceId: 'ss1', now })
        .then([{ type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'ss1', removedAt: now } }]));

    it('clears the default when its site space goes', () =>
      spec
        .given([created, spaceAdded('ss1', 'sp1', 'a'), settingsChanged({ defaultSiteSpace: 'ss1' }, { defaultSiteSpace: null })])
        .when({ type: 'RemoveSiteSpace', siteSpaceId: 'ss1', now })
        .then([{ type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'ss1', removedAt: now } }, settingsChanged({ defaultSiteSpace: null }, { defaultSiteSpace: 'ss1' })]));

    it('writes nothing for a site space that is not there', () => spec.given([created]).when({ type: 'RemoveSiteSpace', siteSpaceId: 'nope', now }).then([]));

    it('refuses to duplicate an unknown site space', () => spec.given([created]).when(startDuplication('nope')).thenThrows(NotFound));
  });

  describe('duplicating a site space (a process: start on the site, copy the space, complete on the site)', () => {
    const hidden: SiteEvent = { type: 'SiteSpaceChanged', data: { ...ids, siteSpaceId: 'ss1', changes: { hidden: true }, before: { hidden: false }, changedAt: now } };
    const root = [created, spaceAdded('ss1', 'sp1', 'a'), spaceAdded('ss2', 'sp2', 'b', second)];

    it('records first what is to be copied and the ids everything will take', () =>
      spec.given(root).when(startDuplication('ss1')).then([started('ss1', 'sp1')]));

    it('refuses to start the same duplication twice', () => spec.given([...root, started('ss1', 'sp1')]).when(startDuplication('ss1')).thenThrows(Conflict));

    it('adds a variant showing the copy right after the original, with a free path, its condition and visibility', () =>
      spec
        .given([...root, hidden, started('ss1', 'sp1')])
        .when(complete())
        .then([
          { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'ss3', spaceId: 'copy1', sectionId: null, path: 'a-2', position: keyBetween(first, second), duplicatedFrom: 'ss1', addedAt: now } },
          { type: 'SiteSpaceChanged', data: { ...ids, siteSpaceId: 'ss3', changes: { hidden: true }, before: { condition: null, hidden: false }, changedAt: now } },
        ]));

    it('puts the copy of the only variant of a section into a new draft section right after it, when asked for a draft', () => {
      const section = (sectionId: string, position: string): SiteEvent => ({
        type: 'SiteSectionAdded',
        data: { ...ids, sectionId, title: 'Guides', path: sectionId, condition: null, icon: 'book', description: null, defaultSiteSpace: null, groupId: null, position, addedAt: now },
      });
      const inSection: SiteEvent = { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'ss1', spaceId: 'sp1', sectionId: 'sec1', path: 'a', position: first, addedAt: now } };
      spec
        .given([created, section('sec1', first), section('sec2', second), inSection, started('ss1', 'sp1', true)])
        .when(complete())
        .then([
          {
            type: 'SiteSectionAdded',
            data: { ...ids, sectionId: 'sec9', title: 'Guides', path: 'guides', condition: null, icon: 'book', description: null, defaultSiteSpace: null, groupId: null, position: keyBetween(first, second), draft: true, addedAt: now },
          },
          { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'ss3', spaceId: 'copy1', sectionId: 'sec9', path: 'a', position: first, draft: true, duplicatedFrom: 'ss1', addedAt: now } },
        ]);
    });

    it('writes nothing when completed again (a resumed process)', () => {
      const completed: SiteEvent = { type: 'SiteSpaceAdded', data: { ...ids, siteSpaceId: 'ss3', spaceId: 'copy1', sectionId: null, path: 'a-2', position: keyBetween(first, second), duplicatedFrom: 'ss1', addedAt: now } };
      spec.given([...root, started('ss1', 'sp1'), completed]).when(complete()).then([]);
    });

    it('abandons a duplication whose site space went meanwhile, once', () => {
      const removed: SiteEvent = { type: 'SiteSpaceRemoved', data: { ...ids, siteSpaceId: 'ss1', removedAt: now } };
      const abandoned: SiteEvent = { type: 'SiteSpaceDuplicationAbandoned', data: { ...ids, newSiteSpaceId: 'ss3', reason: 'the site space duplicated was removed', abandonedAt: now } };
      spec.given([...root, started('ss1', 'sp1'), removed]).when(complete()).then([abandoned]);
      spec.given([...root, started('ss1', 'sp1'), removed, abandoned]).when(complete()).then([]);
    });
  });
});


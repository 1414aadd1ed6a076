import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { SiteCommand, siteDecider } from './site.decider';
import { SiteEvent, SiteSectionFields } from './site.events';

const spec = deciderSpec(siteDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { siteId: 'site1', organizationId: 'o1' };
const k1 = keyBetween(null, null);
const k2 = keyBetween(k1, null);
const k3 = keyBetween(k2, null);

const created: SiteEvent = { type: 'SiteCreated', data: { ...ids, type: 'basic', title: 'Docs', visibility: 'public', createdBy: 'u1', createdAt: now } };
const spaceAdded = (siteSpaceId: string, spaceId: string, path: string, sectionId: string | null = null, position = k1): SiteEvent => ({
  type: 'SiteSpaceAdded',
  data: { ...ids, siteSpaceId, spaceId, sectionId, path, position, addedAt: now },
});
const section = (sectionId: string, title: string, path: string, position = k1, fields: Partial<SiteSectionFields> = {}): SiteEvent => ({
  type: 'SiteSectionAdded',
  data: { ...ids, sectionId, title, path, condition: null, icon: null, description: null, defaultSiteSpace: null, groupId: null, position, ...fields, addedAt: now },
});
const group = (groupId: string, position: string, parentId: string | null = null): SiteEvent => ({
  type: 'SiteSectionGroupAdded',
  data: { ...ids, groupId, title: `Group ${groupId}`, icon: null, parentId, position, addedAt: now },
});
const sectionChanged = (sectionId: string, changes: object, before: object): SiteEvent => ({ type: 'SiteSectionChanged', data: { ...ids, sectionId, changes, before, changedAt: now } });
const addSection = (sectionId: string, spaceId: string, title: string | null = null, groupId: string | null = null): SiteCommand => ({
  type: 'AddSection',
  sectionId,
  wrapperId: 'wrap',
  title,
  icon: null,
  groupId,
  space: { siteSpaceId: `ss-${sectionId}`, spaceId, title: 'Space title' },
  now,
});
const move = (type: 'site-space' | 'site-section' | 'site-section-group', id: string, position?: object): SiteCommand => ({
  type: 'MoveItem',
  item: { type, id },
  position: position as never,
  now,
});

describe('site structure', () => {
  describe('sections', () => {
    it('adds a section with its first site space', () =>
      spec.given([created]).when(addSection('s1', 'sp1', 'Guides')).then([section('s1', 'Guides', 'guides'), spaceAdded('ss-s1', 'sp1', 'space-title', 's1')]));

    it('names a section after its space when no title is given, with a path of its own', () =>
      spec
        .given([created, section('s1', 'Space title', 'space-title')])
        .when(addSection('s2', 'sp2'))
        .then([section('s2', 'Space title', 'space-title-2', k2), spaceAdded('ss-s2', 'sp2', 'space-title', 's2')]));

    it("gathers the root's site spaces into a first section named after the site", () =>
      spec
        .given([created, spaceAdded('a', 'sp1', 'one'), spaceAdded('b', 'sp2', 'two', null, k2)])
        .when(addSection('s1', 'sp3', 'API'))
        .then([
          section('wrap', 'Docs', 'docs'),
          { type: 'SiteSpaceChanged', data: { ...ids, siteSpaceId: 'a', changes: { sectionId: 'wrap', position: k1 }, before: { sectionId: null, position: k1 }, changedAt: now } },
          { type: 'SiteSpaceChanged', data: { ...ids, siteSpaceId: 'b', changes: { sectionId: 'wrap', position: k2 }, before: { sectionId: null, position: k2 }, changedAt: now } },
          section('s1', 'API', 'api', k2),
          spaceAdded('ss-s1', 'sp3', 'space-title', 's1'),
        ]));

    it('refuses a group the site does not have', () => spec.given([created]).when(addSection('s1', 'sp1', 'A', 'nope')).thenThrows(Invalid));

    it('adds a site space without a section to the default section', () =>
      spec
        .given([created, section('s1', 'A', 'a'), spaceAdded('x', 'sp1', 'x', 's1')])
        .when({ type: 'AddSiteSpace', siteSpaceId: 'y', spaceId: 'sp2', title: 'Y', sectionId: null, now })
        .then([spaceAdded('y', 'sp2', 'y', 's1', k2)]));

    it('adds a draft section with its draft site space, and a draft site space to a live section', () => {
      const draftSpace = (event: SiteEvent): SiteEvent => ({ ...event, data: { ...event.data, draft: true } }) as SiteEvent;
      spec
        .given([created])
        .when({ ...(addSection('s1', 'sp1', 'Guides') as Extract<SiteCommand, { type: 'AddSection' }>), space: { siteSpaceId: 'ss-s1', spaceId: 'sp1', title: 'Space title', draft: true } })
        .then([section('s1', 'Guides', 'guides', k1, { draft: true }), draftSpace(spaceAdded('ss-s1', 'sp1', 'space-title', 's1'))]);
      spec
        .given([created, section('s1', 'A', 'a'), spaceAdded('x', 'sp1', 'x', 's1')])
        .when({ type: 'AddSiteSpace', siteSpaceId: 'y', spaceId: 'sp2', title: 'Y', draft: true, sectionId: 's1', now })
        .then([draftSpace(spaceAdded('y', 'sp2', 'y', 's1', k2))]);
    });

    it('makes a draft section live', () =>
      spec
        .given([created, section('s1', 'A', 'a', k1, { draft: true })])
        .when({ type: 'UpdateSection', sectionId: 's1', changes: { draft: false }, now })
        .then([sectionChanged('s1', { draft: false }, { draft: true })]));

    it('changes a section, writing what differs', () =>
      spec
        .given([created, section('s1', 'A', 'a')])
        .when({ type: 'UpdateSection', sectionId: 's1', changes: { title: 'B', path: 'a', description: 'About B' }, now })
        .then([sectionChanged('s1', { title: 'B', description: 'About B' }, { title: 'A', description: null })]));

    it('refuses a path another section has', () =>
      spec
        .given([created, section('s1', 'A', 'a'), section('s2', 'B', 'b', k2)])
        .when({ type: 'UpdateSection', sectionId: 's2', changes: { path: 'a' }, now })
        .thenThrows(Conflict));

    it("refuses a default site space of another section", () =>
      spec
        .given([created, section('s1', 'A', 'a'), section('s2', 'B', 'b', k2), spaceAdded('x', 'sp1', 'x', 's1')])
        .when({ type: 'UpdateSection', sectionId: 's2', changes: { defaultSiteSpace: 'x' }, now })
        .thenThrows(Invalid));

    it('removes a section with its site spaces, and the site default that named it', () =>
      spec
        .given([created, section('s1', 'A', 'a'), spaceAdded('x', 'sp1', 'x', 's1'), { type: 'SiteSettingsChanged', data: { ...ids, changes: { defaultSiteSection: 's1' }, before: { defaultSiteSection: null }, changedAt: now } }])
        .when({ type: 'RemoveSection', sectionId: 's1', now })
        .then([
          { type: 'SiteSectionRemoved', data: { ...ids, sectionId: 's1', siteSpaceIds: ['x'], removedAt: now } },
          { type: 'SiteSettingsChanged', data: { ...ids, changes: { defaultSiteSection: null }, before: { defaultSiteSection: 's1' }, changedAt: now } },
        ]));

    it('writes nothing for a section that is not there', () => spec.given([created]).when({ type: 'RemoveSection', sectionId: 'nope', now }).then([]));
  });

  describe('section groups', () => {
    it('adds a group at the end and moves the sections named into it', () =>
      spec
        .given([created, section('s1', 'A', 'a')])
        .when({ type: 'AddSectionGroup', groupId: 'g1', title: 'Group g1', icon: null, sectionIds: ['s1'], parentId: null, now })
        .then([group('g1', k2), sectionChanged('s1', { groupId: 'g1', position: k1 }, { groupId: null, position: k1 })]));

    it('refuses an unknown section or parent', () => {
      spec.given([created]).when({ type: 'AddSectionGroup', groupId: 'g1', title: 'G', icon: null, sectionIds: ['nope'], parentId: null, now }).thenThrows(Invalid);
      spec.given([created]).when({ type: 'AddSectionGroup', groupId: 'g1', title: 'G', icon: null, sectionIds: [], parentId: 'nope', now }).thenThrows(Invalid);
    });

    it('refuses to move a group inside itself or its own group', () =>
      spec
        .given([created, group('g1', k1), group('g2', k1, 'g1')])
        .when({ type: 'UpdateSectionGroup', groupId: 'g1', changes: { parentId: 'g2' }, now })
        .thenThrows(Invalid));

    it('moves a section into the group of the path', () =>
      spec
        .given([created, group('g1', k1), section('s1', 'A', 'a', k2)])
        .when({ type: 'AddSectionToGroup', groupId: 'g1', sectionId: 's1', now })
        .then([sectionChanged('s1', { groupId: 'g1', position: k1 }, { groupId: null, position: k2 })]));

    it('answers an unknown group (of the path) or section as missing', () => {
      spec.given([created, section('s1', 'A', 'a')]).when({ type: 'AddSectionToGroup', groupId: 'nope', sectionId: 's1', now }).thenThrows(NotFound);
      spec.given([created, group('g1', k1)]).when({ type: 'AddSectionToGroup', groupId: 'g1', sectionId: 'nope', now }).thenThrows(NotFound);
    });

    it('moves what a removed group held up to its parent', () =>
      spec
        .given([created, group('g1', k1), section('s1', 'A', 'a', k1, { groupId: 'g1' })])
        .when({ type: 'RemoveSectionGroup', groupId: 'g1', now })
        .then([sectionChanged('s1', { groupId: null, position: k2 }, { groupId: 'g1', position: k1 }), { type: 'SiteSectionGroupRemoved', data: { ...ids, groupId: 'g1', removedAt: now } }]));
  });

  describe('sorting', () => {
    const three = [created, spaceAdded('a', 'sp1', 'a'), spaceAdded('b', 'sp2', 'b', null, k2), spaceAdded('c', 'sp3', 'c', null, k3)];
    const changedTo = (siteSpaceId: string, position: string, before: string): SiteEvent => ({
      type: 'SiteSpaceChanged',
      data: { ...ids, siteSpaceId, changes: { position }, before: { position: before }, changedAt: now },
    });

    it('moves a site space before a sibling', () =>
      spec.given(three).when(move('site-space', 'c', { before: { type: 'site-space', id: 'a' } })).then([changedTo('c', keyBetween(null, k1), k3)]));

    it('moves a site space after a sibling', () =>
      spec.given(three).when(move('site-space', 'a', { after: { type: 'site-space', id: 'b' } })).then([changedTo('a', keyBetween(k2, k3), k1)]));

    it('moves to the end when no position is given', () => spec.given(three).when(move('site-space', 'a')).then([changedTo('a', keyBetween(k3, null), k1)]));

    it.each([
      ['a move that changes nothing', move('site-space', 'b', { after: { type: 'site-space', id: 'a' } })],
      ['a move to the end of what is last', move('site-space', 'c')],
      ['a move next to itself', move('site-space', 'a', { before: { type: 'site-space', id: 'a' } })],
      ['an unknown sibling', move('site-space', 'a', { before: { type: 'site-space', id: 'nope' } })],
      ['a sibling of another level', move('site-space', 'a', { before: { type: 'site-section', id: 'nope' } })],
      ['both before and after', move('site-space', 'a', { before: { type: 'site-space', id: 'b' }, after: { type: 'site-space', id: 'c' } })],
    ])('refuses %s', (_name, command) => spec.given(three).when(command).thenThrows(Invalid));

    it('refuses a sibling under another parent', () =>
      spec
        .given([created, group('g1', k1), section('s1', 'A', 'a', k2), section('s2', 'B', 'b', k1, { groupId: 'g1' })])
        .when(move('site-section', 's1', { before: { type: 'site-section', id: 's2' } }))
        .thenThrows(Invalid));

    it('orders sections and groups together at one level', () =>
      spec
        .given([created, group('g1', k1), section('s1', 'A', 'a', k2)])
        .when(move('site-section', 's1', { before: { type: 'site-section-group', id: 'g1' } }))
        .then([sectionChanged('s1', { position: keyBetween(null, k1) }, { position: k2 })]));

    it('refuses to move what is not there', () => spec.given(three).when(move('site-section', 'nope')).thenThrows(NotFound));
  });

  describe.each(PROTOTYPE_KEYS)('an id that names something on every object (%s)', (id) => {
    const site = [created, section('s1', 'A', 'a'), spaceAdded('ss1', 'sp1', 'one', 's1'), group('g1', k2)];
    const given = () => spec.given(site);

    it('is no site space, section or group to change, move or duplicate', () => {
      given().when({ type: 'UpdateSiteSpace', siteSpaceId: id, changes: { hidden: true }, now }).thenThrows(NotFound);
      given().when({ type: 'StartSiteSpaceDuplication', siteSpaceId: id, newSiteSpaceId: 'copy', copySpaceId: 'sp9', newSectionId: 's9', draft: false, now }).thenThrows(NotFound);
      given().when({ type: 'UpdateSection', sectionId: id, changes: { title: 'B' }, now }).thenThrows(NotFound);
      given().when({ type: 'UpdateSectionGroup', groupId: id, changes: { title: 'B' }, now }).thenThrows(NotFound);
      for (const type of ['site-space', 'site-section', 'site-section-group'] as const) given().when(move(type, id)).thenThrows(NotFound);
    });

    it('is nothing to remove', () => {
      given().when({ type: 'RemoveSiteSpace', siteSpaceId: id, now }).then([]);
      given().when({ type: 'RemoveSection', sectionId: id, now }).then([]);
      given().when({ type: 'RemoveSectionGroup', groupId: id, now }).then([]);
    });

    it('is no group to move a section into, and the section stays where it is', () => {
      given().when({ type: 'AddSectionToGroup', groupId: id, sectionId: 's1', now }).thenThrows(NotFound);
      given().when({ type: 'UpdateSection', sectionId: 's1', changes: { groupId: id }, now }).thenThrows(Invalid);
      given().when(addSection('s2', 'sp2', 'B', id)).thenThrows(Invalid);
    });

    it('is no default and no sibling to move next to', () => {
      given().when({ type: 'UpdateSite', changes: { defaultSiteSpace: id }, now }).thenThrows(Invalid);
      given().when({ type: 'UpdateSite', changes: { defaultSiteSection: id }, now }).thenThrows(Invalid);
      given().when({ type: 'AddSiteSpace', sectionId: id, siteSpaceId: 'ss2', spaceId: 'sp2', title: 'Two', now }).thenThrows(Invalid);
      given().when(move('site-section', 's1', { before: { type: 'site-section', id } })).thenThrows(Invalid);
    });
  });
});

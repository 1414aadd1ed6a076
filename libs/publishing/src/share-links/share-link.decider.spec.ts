import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { ShareLinkCommand, shareLinkDecider } from './share-link.decider';
import { ShareLinkChanges, ShareLinkEvent } from './share-link.events';

const spec = deciderSpec(shareLinkDecider);
const now = '2026-01-01T00:00:00.000Z';
const ref = { shareLinkId: 'l1', siteId: 'site1', organizationId: 'o1' };

const created: ShareLinkEvent = { type: 'SiteShareLinkCreated', data: { ...ref, name: 'Reviewers', key: 'k'.repeat(24), createdBy: 'u1', createdAt: now } };
const changed = (changes: ShareLinkChanges, before: ShareLinkChanges): ShareLinkEvent => ({ type: 'SiteShareLinkChanged', data: { ...ref, changes, before, changedAt: now } });
const revoked: ShareLinkEvent = { type: 'SiteShareLinkRevoked', data: { ...ref, revokedBy: 'u1', revokedAt: now } };

const create: ShareLinkCommand = { type: 'CreateShareLink', ...ref, name: 'Reviewers', key: 'k'.repeat(24), actor: 'u1', now };
const update = (changes: ShareLinkChanges, siteId = 'site1'): ShareLinkCommand => ({ type: 'UpdateShareLink', siteId, changes, now });
const revoke = (siteId = 'site1'): ShareLinkCommand => ({ type: 'RevokeShareLink', siteId, actor: 'u1', now });

describe('share link decider', () => {
  describe('CreateShareLink', () => {
    it('creates an active link with its key', () => spec.given([]).when(create).then([created]));
    it('refuses an existing link', () => spec.given([created]).when(create).thenThrows(Conflict));
  });

  describe('UpdateShareLink', () => {
    it('renames, writing what it was', () => spec.given([created]).when(update({ name: 'Legal' })).then([changed({ name: 'Legal' }, { name: 'Reviewers' })]));

    it('deactivates and reactivates', () => {
      spec.given([created]).when(update({ active: false })).then([changed({ active: false }, { active: true })]);
      spec.given([created, changed({ active: false }, { active: true })]).when(update({ active: true })).then([changed({ active: true }, { active: false })]);
    });

    it('writes only what differs', () =>
      spec.given([created]).when(update({ name: 'Reviewers', active: false })).then([changed({ active: false }, { active: true })]));

    it('writes nothing when nothing differs', () => spec.given([created]).when(update({ name: 'Reviewers', active: true })).then([]));

    it('refuses a link that never was, one of another site, and a revoked one', () => {
      spec.given([]).when(update({ name: 'X' })).thenThrows(NotFound);
      spec.given([created]).when(update({ name: 'X' }, 'site2')).thenThrows(NotFound);
      spec.given([created, revoked]).when(update({ active: true })).thenThrows(NotFound);
    });
  });

  describe('RevokeShareLink', () => {
    it('revokes an active link', () => spec.given([created]).when(revoke()).then([revoked]));
    it('revokes an inactive link', () => spec.given([created, changed({ active: false }, { active: true })]).when(revoke()).then([revoked]));
    it('writes nothing for a revoked link, one that never was, or one of another site', () => {
      spec.given([created, revoked]).when(revoke()).then([]);
      spec.given([]).when(revoke()).then([]);
      spec.given([created]).when(revoke('site2')).then([]);
    });
  });
});

import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { organizationDecider } from './organization.decider';
import { OrganizationEvent } from './organization.events';

const spec = deciderSpec(organizationDecider);
const now = '2026-01-01T00:00:00.000Z';
const created: OrganizationEvent = {
  type: 'OrganizationCreated',
  data: { organizationId: 'o1', title: 'Acme', emailDomains: ['acme.io'], createdBy: 'u1', createdAt: now },
};
const founder: OrganizationEvent = {
  type: 'MemberJoined',
  data: { organizationId: 'o1', userId: 'u1', role: 'admin', via: 'creation', joinedAt: now, sso: false },
};
const renamed: OrganizationEvent = {
  type: 'OrganizationSettingsChanged',
  data: { organizationId: 'o1', changes: { title: 'Acme Docs' }, before: { title: 'Acme' }, changedAt: now },
};

describe('organization decider', () => {
  it('creates an organization with its creator as admin', () =>
    spec
      .given([])
      .when({ type: 'CreateOrganization', organizationId: 'o1', title: 'Acme', emailDomains: ['acme.io'], userId: 'u1', now })
      .then([created, founder]));

  it('refuses to create an existing organization', () =>
    spec
      .given([created])
      .when({ type: 'CreateOrganization', organizationId: 'o1', title: 'Acme', emailDomains: [], userId: 'u1', now })
      .thenThrows(Conflict));

  it('records only the settings that change, with their old values', () =>
    spec
      .given([created, founder])
      .when({ type: 'ChangeSettings', changes: { title: 'Acme Docs', emailDomains: ['acme.io'], sso: undefined }, now })
      .then([renamed]));

  it('writes nothing when no setting changes', () =>
    spec
      .given([created, founder, renamed])
      .when({ type: 'ChangeSettings', changes: { title: 'Acme Docs', mergeRules: { type: 'rules', rules: [] } }, now })
      .then([]));

  it('clears a nullable setting', () =>
    spec
      .given([created, founder])
      .when({ type: 'ChangeSettings', changes: { defaultRole: null }, now })
      .then([
        {
          type: 'OrganizationSettingsChanged',
          data: { organizationId: 'o1', changes: { defaultRole: null }, before: { defaultRole: 'read' }, changedAt: now },
        },
      ]));

  it('refuses to change a missing organization', () =>
    spec.given([]).when({ type: 'ChangeSettings', changes: { title: 'X' }, now }).thenThrows(NotFound));

  it('lets a user join with an allowed email domain, with the default role', () =>
    spec
      .given([created, founder])
      .when({ type: 'JoinByEmailDomain', userId: 'u2', email: 'bo@ACME.io', now })
      .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId: 'u2', role: 'read', via: 'email-domain', joinedAt: now, sso: false } }]));

  it('joins as a guest when the default role is null', () =>
    spec
      .given([created, founder, { ...renamed, data: { ...renamed.data, changes: { defaultRole: null }, before: { defaultRole: 'read' } } }])
      .when({ type: 'JoinByEmailDomain', userId: 'u2', email: 'bo@acme.io', now })
      .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId: 'u2', role: null, via: 'email-domain', joinedAt: now, sso: false } }]));

  it('refuses an email domain that is not allowed', () =>
    spec
      .given([created, founder])
      .when({ type: 'JoinByEmailDomain', userId: 'u2', email: 'bo@evil.io', now })
      .thenThrows(Invalid, /evil\.io/));

  it('writes nothing when the user is already a member', () =>
    spec.given([created, founder]).when({ type: 'JoinByEmailDomain', userId: 'u1', email: 'a@acme.io', now }).then([]));

  describe('members', () => {
    const joinedAs = (userId: string, role: 'admin' | 'read' | null): OrganizationEvent => ({
      type: 'MemberJoined',
      data: { organizationId: 'o1', userId, role, via: 'invite', joinedAt: now, sso: false },
    });

    it('adds a member through an invite, keeping an existing member as is', () => {
      spec.given([created, founder]).when({ type: 'AddMember', userId: 'u2', role: 'read', via: 'invite', now }).then([joinedAs('u2', 'read')]);
      spec.given([created, founder]).when({ type: 'AddMember', userId: 'u1', role: 'read', via: 'invite', now }).then([]);
    });

    it('records the link invite a member came through', () =>
      spec
        .given([created, founder])
        .when({ type: 'AddMember', userId: 'u2', role: null, via: 'link-invite', inviteId: 'i1', now })
        .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId: 'u2', role: null, via: 'link-invite', joinedAt: now, sso: false, inviteId: 'i1' } }]));

    it('changes a role, recording the previous one, and writes nothing for the same role', () => {
      spec
        .given([created, founder, joinedAs('u2', 'read')])
        .when({ type: 'ChangeMemberRole', userId: 'u2', role: null, now })
        .then([{ type: 'MemberRoleChanged', data: { organizationId: 'o1', userId: 'u2', role: null, previousRole: 'read', changedAt: now } }]);
      spec.given([created, founder, joinedAs('u2', 'read')]).when({ type: 'ChangeMemberRole', userId: 'u2', role: 'read', now }).then([]);
    });

    it('refuses to demote or remove the last admin', () => {
      spec.given([created, founder]).when({ type: 'ChangeMemberRole', userId: 'u1', role: 'read', now }).thenThrows(Conflict, /last admin/);
      spec.given([created, founder, joinedAs('u2', 'read')]).when({ type: 'RemoveMember', userId: 'u1', now }).thenThrows(Conflict, /last admin/);
    });

    it('lets an admin go when another admin remains', () => {
      spec
        .given([created, founder, joinedAs('u2', 'admin')])
        .when({ type: 'RemoveMember', userId: 'u1', now })
        .then([{ type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'u1', previousRole: 'admin', removedAt: now } }]);
      spec
        .given([
          created,
          founder,
          joinedAs('u2', 'admin'),
          { type: 'MemberRoleChanged', data: { organizationId: 'o1', userId: 'u2', role: 'read', previousRole: 'admin', changedAt: now } },
        ])
        .when({ type: 'ChangeMemberRole', userId: 'u1', role: 'read', now })
        .thenThrows(Conflict);
    });

    it('refuses to change or remove someone who is not a member', () => {
      spec.given([created, founder]).when({ type: 'ChangeMemberRole', userId: 'u9', role: 'read', now }).thenThrows(NotFound);
      spec
        .given([created, founder, joinedAs('u2', 'read'), { type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'u2', previousRole: 'read', removedAt: now } }])
        .when({ type: 'RemoveMember', userId: 'u2', now })
        .thenThrows(NotFound);
    });

    it.each(['__proto__', 'constructor', 'hasOwnProperty', 'toString'])('finds no member named %s (a user id from a path)', (userId) => {
      spec.given([created, founder]).when({ type: 'RemoveMember', userId, now }).thenThrows(NotFound);
      spec.given([created, founder]).when({ type: 'ChangeMemberRole', userId, role: 'read', now }).thenThrows(NotFound);
      spec
        .given([created, founder])
        .when({ type: 'AddMember', userId, role: 'read', via: 'invite', now })
        .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId, role: 'read', via: 'invite', joinedAt: now, sso: false } }]);
    });

    it('sets a member as SSO member once, and adds a newcomer as SSO member with the default role', () => {
      spec
        .given([created, founder, joinedAs('u2', 'read')])
        .when({ type: 'SetMemberSSO', userId: 'u2', now })
        .then([{ type: 'MemberSSOChanged', data: { organizationId: 'o1', userId: 'u2', sso: true, previousSso: false, changedAt: now } }]);
      spec
        .given([created, founder, joinedAs('u2', 'read'), { type: 'MemberSSOChanged', data: { organizationId: 'o1', userId: 'u2', sso: true, previousSso: false, changedAt: now } }])
        .when({ type: 'SetMemberSSO', userId: 'u2', now })
        .then([]);
      spec
        .given([created, founder])
        .when({ type: 'SetMemberSSO', userId: 'u3', now })
        .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId: 'u3', role: 'read', via: 'sso', joinedAt: now, sso: true } }]);
    });
  });

  describe.each(PROTOTYPE_KEYS)('a user id that names something on every object (%s)', (userId) => {
    it('is no member to change or remove', () => {
      spec.given([created, founder]).when({ type: 'ChangeMemberRole', userId, role: 'read', now }).thenThrows(NotFound);
      spec.given([created, founder]).when({ type: 'RemoveMember', userId, now }).thenThrows(NotFound);
    });
    it('joins as anyone else', () =>
      spec
        .given([created, founder])
        .when({ type: 'AddMember', userId, role: 'read', via: 'invite', now })
        .then([{ type: 'MemberJoined', data: { organizationId: 'o1', userId, role: 'read', via: 'invite', joinedAt: now, sso: false } }]));
  });
});

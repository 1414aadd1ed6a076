import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { MemberJoinPath, OrganizationEvent } from './organization.events';
import { defaultSettings, OrganizationSettings } from './organization.settings';

export interface Membership {
  role: Role | null;
  sso: boolean;
}

/** Members by user id: a Map, since ids come from outside (a path id like `constructor` must find no one). */
export type OrganizationState =
  | { status: 'none' }
  | { status: 'active'; organizationId: string; settings: OrganizationSettings; members: ReadonlyMap<string, Membership> };

type Active = Extract<OrganizationState, { status: 'active' }>;

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; title: string; emailDomains: string[]; userId: string; now: string }
  | { type: 'ChangeSettings'; changes: Partial<OrganizationSettings>; now: string }
  | { type: 'JoinByEmailDomain'; userId: string; email: string; now: string }
  /** An invitation (by email or link) or an admin adds the user with `role`; members keep theirs. */
  | { type: 'AddMember'; userId: string; role: Role | null; via: Exclude<MemberJoinPath, 'creation' | 'email-domain' | 'sso'>; inviteId?: string; now: string }
  | { type: 'ChangeMemberRole'; userId: string; role: Role | null; now: string }
  | { type: 'RemoveMember'; userId: string; now: string }
  /** Makes the user an SSO member, adding them with the default role when they are not a member yet. */
  | { type: 'SetMemberSSO'; userId: string; now: string };

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'OrganizationCreated') {
      return {
        status: 'active',
        organizationId: event.data.organizationId,
        settings: defaultSettings(event.data.title, event.data.emailDomains),
        members: new Map(),
      };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'OrganizationSettingsChanged':
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'MemberJoined':
        return withMember(state, event.data.userId, { role: event.data.role, sso: event.data.sso ?? false });
      case 'MemberRoleChanged':
        return withMember(state, event.data.userId, { sso: false, ...state.members.get(event.data.userId), role: event.data.role });
      case 'MemberSSOChanged':
        return withMember(state, event.data.userId, { role: null, ...state.members.get(event.data.userId), sso: event.data.sso });
      case 'MemberRemoved': {
        const members = new Map(state.members);
        members.delete(event.data.userId);
        return { ...state, members };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'CreateOrganization') {
      if (state.status !== 'none') throw new Conflict('organization already exists');
      const { organizationId, title, emailDomains, userId, now } = command;
      return [
        { type: 'OrganizationCreated', data: { organizationId, title, emailDomains, createdBy: userId, createdAt: now } },
        { type: 'MemberJoined', data: { organizationId, userId, role: 'admin', via: 'creation', joinedAt: now, sso: false } },
      ];
    }
    if (state.status !== 'active') throw new NotFound('organization');
    const organizationId = state.organizationId;
    switch (command.type) {
      case 'ChangeSettings':
        return changeSettings(state, command.changes, command.now);
      case 'JoinByEmailDomain': {
        if (state.members.has(command.userId)) return [];
        const domain = command.email.split('@').pop()!.toLowerCase();
        if (!state.settings.emailDomains.some((d) => d.toLowerCase() === domain)) {
          throw new Invalid(`Your email domain ${domain} is not one of the organization's allowed email domains`);
        }
        return [joined(organizationId, command.userId, state.settings.defaultRole, 'email-domain', command.now)];
      }
      case 'AddMember': {
        if (state.members.has(command.userId)) return [];
        const event = joined(organizationId, command.userId, command.role, command.via, command.now);
        if (command.inviteId) event.data.inviteId = command.inviteId;
        return [event];
      }
      case 'ChangeMemberRole': {
        const member = memberOf(state, command.userId);
        if (member.role === command.role) return [];
        if (member.role === 'admin') assertNotLastAdmin(state, 'demote');
        return [
          {
            type: 'MemberRoleChanged',
            data: { organizationId, userId: command.userId, role: command.role, previousRole: member.role, changedAt: command.now },
          },
        ];
      }
      case 'RemoveMember': {
        const member = memberOf(state, command.userId);
        if (member.role === 'admin') assertNotLastAdmin(state, 'remove');
        return [{ type: 'MemberRemoved', data: { organizationId, userId: command.userId, previousRole: member.role, removedAt: command.now } }];
      }
      case 'SetMemberSSO': {
        const member = state.members.get(command.userId);
        if (!member) {
          const event = joined(organizationId, command.userId, state.settings.defaultRole, 'sso', command.now);
          event.data.sso = true;
          return [event];
        }
        if (member.sso) return [];
        return [{ type: 'MemberSSOChanged', data: { organizationId, userId: command.userId, sso: true, previousSso: false, changedAt: command.now } }];
      }
    }
  },
};

function withMember(state: Active, userId: string, membership: Membership): Active {
  return { ...state, members: new Map(state.members).set(userId, membership) };
}

function joined(organizationId: string, userId: string, role: Role | null, via: MemberJoinPath, now: string) {
  return {
    type: 'MemberJoined' as const,
    data: { organizationId, userId, role, via, joinedAt: now, sso: false } as Extract<OrganizationEvent, { type: 'MemberJoined' }>['data'],
  };
}

function memberOf(state: Active, userId: string): Membership {
  const member = state.members.get(userId);
  if (!member) throw new NotFound('member');
  return member;
}

/** An organization always keeps one admin: nobody could manage it otherwise. */
function assertNotLastAdmin(state: Active, what: 'demote' | 'remove') {
  const admins = [...state.members.values()].filter((m) => m.role === 'admin').length;
  if (admins <= 1) throw new Conflict(`Cannot ${what} the last admin of the organization; make another member admin first`);
}

function changeSettings(state: Active, requested: Partial<OrganizationSettings>, now: string): OrganizationEvent[] {
  const changes: Partial<OrganizationSettings> = {};
  const before: Partial<OrganizationSettings> = {};
  for (const [key, value] of Object.entries(requested) as [keyof OrganizationSettings, unknown][]) {
    if (value === undefined || sameValue(state.settings[key], value)) continue;
    Object.assign(changes, { [key]: value });
    Object.assign(before, { [key]: state.settings[key] });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'OrganizationSettingsChanged', data: { organizationId: state.organizationId, changes, before, changedAt: now } }];
}

/** Settings are plain JSON, so structural equality is JSON equality. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

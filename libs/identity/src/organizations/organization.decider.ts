import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { Role } from '../permissions/roles';
import { OrganizationEvent } from './organization.events';
import { defaultSettings, OrganizationSettings } from './organization.settings';

export type OrganizationState =
  | { status: 'none' }
  | { status: 'active'; organizationId: string; settings: OrganizationSettings; members: Record<string, Role | null> };

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; title: string; emailDomains: string[]; userId: string; now: string }
  | { type: 'ChangeSettings'; changes: Partial<OrganizationSettings>; now: string }
  | { type: 'JoinByEmailDomain'; userId: string; email: string; now: string };

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationCreated':
        return {
          status: 'active',
          organizationId: event.data.organizationId,
          settings: defaultSettings(event.data.title, event.data.emailDomains),
          members: {},
        };
      case 'OrganizationSettingsChanged':
        if (state.status !== 'active') return state;
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'MemberJoined':
        if (state.status !== 'active') return state;
        return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateOrganization') {
      if (state.status !== 'none') throw new Conflict('organization already exists');
      const { organizationId, title, emailDomains, userId, now } = command;
      return [
        { type: 'OrganizationCreated', data: { organizationId, title, emailDomains, createdBy: userId, createdAt: now } },
        { type: 'MemberJoined', data: { organizationId, userId, role: 'admin', via: 'creation', joinedAt: now } },
      ];
    }
    if (state.status !== 'active') throw new NotFound('organization');
    switch (command.type) {
      case 'ChangeSettings': {
        const changes: Partial<OrganizationSettings> = {};
        const before: Partial<OrganizationSettings> = {};
        for (const [key, value] of Object.entries(command.changes) as [keyof OrganizationSettings, unknown][]) {
          if (value === undefined || sameValue(state.settings[key], value)) continue;
          Object.assign(changes, { [key]: value });
          Object.assign(before, { [key]: state.settings[key] });
        }
        if (Object.keys(changes).length === 0) return [];
        return [
          { type: 'OrganizationSettingsChanged', data: { organizationId: state.organizationId, changes, before, changedAt: command.now } },
        ];
      }
      case 'JoinByEmailDomain': {
        if (command.userId in state.members) return [];
        const domain = command.email.split('@').pop()!.toLowerCase();
        if (!state.settings.emailDomains.some((d) => d.toLowerCase() === domain)) {
          throw new Invalid(`Your email domain ${domain} is not one of the organization's allowed email domains`);
        }
        return [
          {
            type: 'MemberJoined',
            data: {
              organizationId: state.organizationId,
              userId: command.userId,
              role: state.settings.defaultRole,
              via: 'email-domain',
              joinedAt: command.now,
            },
          },
        ];
      }
    }
  },
};

/** Settings are plain JSON, so structural equality is JSON equality. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

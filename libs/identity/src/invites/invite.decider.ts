import { Decider } from '@folio/platform/domain/decider';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { InviteEvent } from './invite.events';

export type InviteState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; inviteId: string; organizationId: string; role: Role | null };

export type InviteCommand =
  | { type: 'CreateInvite'; inviteId: string; organizationId: string; role: Role | null; now: string }
  | { type: 'ChangeInviteRole'; role: Role | null; now: string }
  | { type: 'DeleteInvite'; now: string };

export const inviteDecider: Decider<InviteCommand, InviteEvent, InviteState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationInviteCreated':
        return { status: 'active', inviteId: event.data.inviteId, organizationId: event.data.organizationId, role: event.data.role };
      case 'OrganizationInviteRoleChanged':
        return state.status === 'none' ? state : { ...state, role: event.data.role };
      case 'OrganizationInviteDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateInvite') {
      if (state.status !== 'none') throw new Conflict('invite already exists');
      const { inviteId, organizationId, role, now } = command;
      return [{ type: 'OrganizationInviteCreated', data: { inviteId, organizationId, role, createdAt: now } }];
    }
    if (state.status !== 'active') throw new NotFound('invite');
    const { inviteId, organizationId } = state;
    switch (command.type) {
      case 'ChangeInviteRole':
        if (state.role === command.role) return [];
        return [
          {
            type: 'OrganizationInviteRoleChanged',
            data: { inviteId, organizationId, role: command.role, previousRole: state.role, changedAt: command.now },
          },
        ];
      case 'DeleteInvite':
        return [{ type: 'OrganizationInviteDeleted', data: { inviteId, organizationId, deletedAt: command.now } }];
    }
  },
};

import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { TeamEvent, TeamRole } from './team.events';

export const TEAM_TITLE_MAX = 64;

export type TeamState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      teamId: string;
      organizationId: string;
      title: string;
      /** Current members and their team role (a Map: user ids come from outside). */
      members: ReadonlyMap<string, TeamRole>;
    };

/** A user to add to the team, or whose role to set; without a role, a newcomer is a `member`. */
export interface TeamMemberChange {
  userId: string;
  role?: TeamRole;
}

export type TeamCommand =
  | { type: 'CreateTeam'; teamId: string; organizationId: string; title: string; members: string[]; now: string }
  | { type: 'RenameTeam'; title: string; now: string }
  | { type: 'DeleteTeam'; now: string }
  /**
   * Adds or updates the users of `add`, removes those of `remove`. A user in both is removed (the
   * seed's rule for the bulk update). Removing a non-member and re-stating a role change nothing.
   */
  | { type: 'ChangeMembers'; add: TeamMemberChange[]; remove: string[]; now: string };

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamCreated':
        return {
          status: 'active',
          teamId: event.data.teamId,
          organizationId: event.data.organizationId,
          title: event.data.title,
          members: new Map(),
        };
      case 'TeamRenamed':
        if (state.status === 'none') return state;
        return { ...state, title: event.data.title };
      case 'TeamDeleted':
        if (state.status === 'none') return state;
        return { ...state, status: 'deleted', members: new Map() };
      case 'TeamMemberAdded':
      case 'TeamMemberRoleChanged':
        if (state.status === 'none') return state;
        return { ...state, members: new Map(state.members).set(event.data.userId, event.data.role) };
      case 'TeamMemberRemoved': {
        if (state.status === 'none') return state;
        const members = new Map(state.members);
        members.delete(event.data.userId);
        return { ...state, members };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'CreateTeam') {
      if (state.status !== 'none') throw new Conflict('team already exists');
      const { teamId, organizationId, title, now } = command;
      assertTitle(title);
      return [
        { type: 'TeamCreated', data: { teamId, organizationId, title, createdAt: now } },
        ...unique(command.members).map(
          (userId): TeamEvent => ({
            type: 'TeamMemberAdded',
            data: { teamId, organizationId, userId, role: 'member', addedAt: now },
          }),
        ),
      ];
    }
    if (state.status !== 'active') throw new NotFound('team');
    const { teamId, organizationId } = state;
    switch (command.type) {
      case 'RenameTeam':
        assertTitle(command.title);
        if (command.title === state.title) return [];
        return [
          {
            type: 'TeamRenamed',
            data: { teamId, organizationId, title: command.title, previousTitle: state.title, renamedAt: command.now },
          },
        ];
      case 'DeleteTeam':
        // The members go with the team: the projection drops them, the audit reads them from the past.
        return [{ type: 'TeamDeleted', data: { teamId, organizationId, deletedAt: command.now } }];
      case 'ChangeMembers': {
        const now = command.now;
        const removed = new Set(command.remove);
        const events: TeamEvent[] = [];
        const members = new Map(state.members);
        for (const { userId, role } of command.add) {
          if (removed.has(userId)) continue;
          const current = members.get(userId);
          if (current === undefined) {
            const added = role ?? 'member';
            members.set(userId, added);
            events.push({ type: 'TeamMemberAdded', data: { teamId, organizationId, userId, role: added, addedAt: now } });
          } else if (role !== undefined && role !== current) {
            members.set(userId, role);
            events.push({
              type: 'TeamMemberRoleChanged',
              data: { teamId, organizationId, userId, role, previousRole: current, changedAt: now },
            });
          }
        }
        for (const userId of unique(command.remove)) {
          const current = members.get(userId);
          if (current === undefined) continue;
          members.delete(userId);
          events.push({ type: 'TeamMemberRemoved', data: { teamId, organizationId, userId, previousRole: current, removedAt: now } });
        }
        return events;
      }
    }
  },
};

function assertTitle(title: string) {
  const length = [...title].length;
  if (length < 1 || length > TEAM_TITLE_MAX || title.trim() === '') {
    throw new Invalid(`title must be 1 to ${TEAM_TITLE_MAX} characters, not all blank`);
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

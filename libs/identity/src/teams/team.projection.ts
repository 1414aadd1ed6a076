import { defineProjection } from '@folio/platform/projections/projection';
import { fold } from '@folio/platform/read-store/read-store.port';
import { TeamEvent, TeamRole } from './team.events';

export const TEAMS = 'teams';
export const TEAM_MEMBERS = 'teamMembers';

export interface TeamDoc {
  id: string;
  organizationId: string;
  title: string;
  /** `fold(title)`: the key of the case-insensitive title filter and of the list order. */
  titleFolded: string;
  createdAt: string;
  /** Revision of the team's stream (its membership changes included): its ETag. */
  streamRevision: string;
  [key: string]: unknown;
}

/**
 * One document per team membership, keyed `<teamId>:<userId>`. Counts (a team's members, a member's
 * teams) are asked of the store at read time, over the indexes below: no counter to keep in step.
 */
export interface TeamMemberDoc {
  id: string;
  teamId: string;
  organizationId: string;
  userId: string;
  role: TeamRole;
  addedAt: string;
  [key: string]: unknown;
}

export const teamMemberId = (teamId: string, userId: string) => `${teamId}:${userId}`;

export const teamProjection = defineProjection<TeamEvent>(
  'identity-teams',
  [
    { name: TEAMS, indexes: [['organizationId', 'titleFolded']] },
    { name: TEAM_MEMBERS, indexes: [['teamId', 'userId'], ['organizationId', 'userId']] },
  ],
  {
    TeamCreated: async ({ data, revision }, tx) => {
      const doc: TeamDoc = {
        id: data.teamId,
        organizationId: data.organizationId,
        title: data.title,
        titleFolded: fold(data.title),
        createdAt: data.createdAt,
        streamRevision: String(revision),
      };
      await tx.upsert(TEAMS, doc);
    },
    TeamRenamed: async ({ data, revision }, tx) =>
      tx.patch(TEAMS, data.teamId, { title: data.title, titleFolded: fold(data.title), streamRevision: String(revision) }),
    TeamDeleted: async ({ data }, tx) => {
      await tx.deleteMany(TEAM_MEMBERS, { teamId: data.teamId });
      await tx.delete(TEAMS, data.teamId);
    },
    TeamMemberAdded: async ({ data, revision }, tx) => {
      const doc: TeamMemberDoc = {
        id: teamMemberId(data.teamId, data.userId),
        teamId: data.teamId,
        organizationId: data.organizationId,
        userId: data.userId,
        role: data.role,
        addedAt: data.addedAt,
      };
      await tx.upsert(TEAM_MEMBERS, doc);
      await tx.patch(TEAMS, data.teamId, { streamRevision: String(revision) });
    },
    TeamMemberRoleChanged: async ({ data, revision }, tx) => {
      await tx.patch(TEAM_MEMBERS, teamMemberId(data.teamId, data.userId), { role: data.role });
      await tx.patch(TEAMS, data.teamId, { streamRevision: String(revision) });
    },
    TeamMemberRemoved: async ({ data, revision }, tx) => {
      await tx.delete(TEAM_MEMBERS, teamMemberId(data.teamId, data.userId));
      await tx.patch(TEAMS, data.teamId, { streamRevision: String(revision) });
    },
  },
);

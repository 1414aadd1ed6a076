/** A team member's role: `owner` can manage the team's members, `member` belongs to it. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Every event carries `teamId` and `organizationId`, so consumers never need the stream's history. */
export type TeamEvent =
  | {
      type: 'TeamCreated';
      data: { teamId: string; organizationId: string; title: string; createdAt: string };
    }
  | {
      type: 'TeamRenamed';
      data: { teamId: string; organizationId: string; title: string; previousTitle: string; renamedAt: string };
    }
  | {
      type: 'TeamDeleted';
      data: { teamId: string; organizationId: string; deletedAt: string };
    }
  | {
      type: 'TeamMemberAdded';
      data: { teamId: string; organizationId: string; userId: string; role: TeamRole; addedAt: string };
    }
  | {
      type: 'TeamMemberRoleChanged';
      data: { teamId: string; organizationId: string; userId: string; role: TeamRole; previousRole: TeamRole; changedAt: string };
    }
  | {
      type: 'TeamMemberRemoved';
      data: { teamId: string; organizationId: string; userId: string; previousRole: TeamRole; removedAt: string };
    };

export const teamStream = (teamId: string) => `team-${teamId}`;

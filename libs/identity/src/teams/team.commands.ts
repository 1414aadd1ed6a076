import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { UserReads } from '../users/user.reads';
import { TeamMemberChange, teamDecider } from './team.decider';
import { TeamRole, teamStream } from './team.events';
import { readTeam } from './team.queries';
import { TeamReads } from './team.reads';
import { TeamResource } from './team.resource';

export class CreateTeam extends Command<TeamResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly title: string,
    /** Members of the organization (user ids) who join the team as `member`. */
    readonly members: string[] = [],
  ) {
    super();
  }
}

@CommandHandler(CreateTeam)
export class CreateTeamHandler implements ICommandHandler<CreateTeam> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly teams: TeamReads,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, organizationId, title, members }: CreateTeam) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, 'create teams in this organization');
    const resolved = await resolveUsers(this.users, 'members', members);
    const userIds = [...new Set(members.map((ref) => resolved.get(ref)!))];
    await assertOrganizationMembers(this.teams, organizationId, 'members', userIds);
    const teamId = newId();
    await this.aggregates.handle(
      teamStream(teamId),
      teamDecider,
      { type: 'CreateTeam', teamId, organizationId, title, members: userIds },
      caller,
    );
    return readTeam(this.teams, organizationId, teamId, caller);
  }
}

export class RenameTeam extends Command<TeamResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
    readonly title: string,
    /** The team's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(RenameTeam)
export class RenameTeamHandler implements ICommandHandler<RenameTeam> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
  ) {}

  async execute({ caller, organizationId, teamId, title, ifMatch }: RenameTeam) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(organizationPermissions(access.organization.membership.role).admin, 'rename this team');
    await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'RenameTeam', title }, caller, { ifMatch });
    return readTeam(this.teams, organizationId, teamId, caller);
  }
}

export class DeleteTeam extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteTeam)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeam> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
  ) {}

  async execute({ caller, organizationId, teamId }: DeleteTeam) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(organizationPermissions(access.organization.membership.role).admin, 'delete this team');
    await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'DeleteTeam' }, caller);
  }
}

/** The bulk update's body: users by id or email; a user both added and removed is removed. */
export interface TeamMembersUpdate {
  add?: string[];
  remove?: string[];
  /** Role per user (id or email): adds the user when not in the team yet, else sets the role. */
  memberships?: Record<string, { role: TeamRole }>;
}

export class UpdateTeamMembers extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
    readonly update: TeamMembersUpdate,
  ) {
    super();
  }
}

@CommandHandler(UpdateTeamMembers)
export class UpdateTeamMembersHandler implements ICommandHandler<UpdateTeamMembers> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, organizationId, teamId, update }: UpdateTeamMembers) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(access.manage, "manage this team's members");
    const addRefs = update.add ?? [];
    const removeRefs = update.remove ?? [];
    const memberships = Object.entries(update.memberships ?? {});
    const [added, removed, roled] = await Promise.all([
      resolveUsers(this.users, 'add', addRefs),
      resolveUsers(this.users, 'remove', removeRefs),
      resolveUsers(this.users, 'memberships', memberships.map(([ref]) => ref)),
    ]);
    const remove = removeRefs.map((ref) => removed.get(ref)!);
    const changes = new Map<string, TeamMemberChange>();
    for (const ref of addRefs) {
      const userId = added.get(ref)!;
      changes.set(userId, { userId, ...changes.get(userId) });
    }
    for (const [ref, { role }] of memberships) {
      const userId = roled.get(ref)!;
      changes.set(userId, { userId, role });
    }
    // Removal wins (the decider applies it): only users who stay need to be in the organization.
    const removing = new Set(remove);
    const joining = [...changes.keys()].filter((userId) => !removing.has(userId));
    await assertOrganizationMembers(this.teams, organizationId, 'add', joining, namesOf(added, roled));
    await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'ChangeMembers', add: [...changes.values()], remove }, caller);
  }
}

export class PutTeamMember extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
    /** Absent: a newcomer joins as `member`, a member keeps their role. */
    readonly role?: TeamRole,
  ) {
    super();
  }
}

@CommandHandler(PutTeamMember)
export class PutTeamMemberHandler implements ICommandHandler<PutTeamMember> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, organizationId, teamId, userId: ref, role }: PutTeamMember) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(access.manage, "manage this team's members");
    // The user is the path's: one that does not exist is missing (404), as every unknown id in a path.
    const user = ref.includes('@') ? await this.users.byEmail(ref) : await this.users.user(ref);
    if (!user) throw new NotFound('user');
    const userId = user.id;
    await assertOrganizationMembers(this.teams, organizationId, 'userId', [userId], namesOf(new Map([[ref, userId]])));
    const change: TeamMemberChange = role ? { userId, role } : { userId };
    await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'ChangeMembers', add: [change], remove: [] }, caller);
  }
}

export class RemoveTeamMember extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveTeamMember)
export class RemoveTeamMemberHandler implements ICommandHandler<RemoveTeamMember> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
  ) {}

  /** Removing a user who is not in the team changes nothing and is not an error. */
  async execute({ caller, organizationId, teamId, userId }: RemoveTeamMember) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(access.manage, "manage this team's members");
    await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'ChangeMembers', add: [], remove: [userId] }, caller);
  }
}

/**
 * Takes a user out of every team of an organization, for the member-removal handler (which checks
 * the caller's rights: this command checks none). Teams are found through the teamMembers read model.
 */
export class RemoveMemberFromAllTeams extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveMemberFromAllTeams)
export class RemoveMemberFromAllTeamsHandler implements ICommandHandler<RemoveMemberFromAllTeams> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly teams: TeamReads,
  ) {}

  async execute({ caller, organizationId, userId }: RemoveMemberFromAllTeams) {
    for (const { teamId } of await this.teams.teamsOf(organizationId, userId)) {
      try {
        await this.aggregates.handle(teamStream(teamId), teamDecider, { type: 'ChangeMembers', add: [], remove: [userId] }, caller);
      } catch (error) {
        // Deleted since the read model listed it: its members went with it.
        if (!(error instanceof NotFound)) throw error;
      }
    }
  }
}

/**
 * User ids for references that are user ids or emails (an `@` tells them apart: ids are base62).
 * Every unknown reference is named in one 400.
 */
async function resolveUsers(users: UserReads, field: string, refs: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(refs)];
  const found = await Promise.all(unique.map((ref) => (ref.includes('@') ? users.byEmail(ref) : users.user(ref))));
  const unknown = unique.filter((_ref, i) => !found[i]);
  if (unknown.length) throw new Invalid(`${field}: no such user: ${unknown.join(', ')}`);
  return new Map(unique.map((ref, i) => [ref, found[i]!.id]));
}

/**
 * Teams hold members of their organization only; every outsider is named in one 400, as the caller
 * referred to them (`names` maps user ids back to the references given).
 */
async function assertOrganizationMembers(
  teams: TeamReads,
  organizationId: string,
  field: string,
  userIds: string[],
  names: Map<string, string> = new Map(),
) {
  const members = await Promise.all(userIds.map((userId) => teams.organizationMember(organizationId, userId)));
  const outsiders = userIds.filter((_userId, i) => !members[i]).map((userId) => names.get(userId) ?? userId);
  if (outsiders.length) throw new Invalid(`${field}: not members of the organization: ${outsiders.join(', ')}`);
}

/** User id -> the first reference (id or email) that named it. */
function namesOf(...resolved: Map<string, string>[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const map of resolved) for (const [ref, userId] of map) if (!names.has(userId)) names.set(userId, ref);
  return names;
}

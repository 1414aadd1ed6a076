import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { organizationDecider } from '../organizations/organization.decider';
import { organizationStream } from '../organizations/organization.events';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { Role } from '@folio/platform/domain/roles';
import { RemoveMemberFromAllTeams } from '../teams/team.commands';
import { UserReads } from '../users/user.reads';
import { MemberReads } from './member.reads';
import { MemberResource } from './member.resource';

export class ChangeMemberRole extends Command<MemberResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
    readonly role: Role | null,
  ) {
    super();
  }
}

@CommandHandler(ChangeMemberRole)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRole> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
  ) {}

  async execute({ caller, organizationId, userId, role }: ChangeMemberRole) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, "change members' roles");
    await this.aggregates.handle(organizationStream(organizationId), organizationDecider, { type: 'ChangeMemberRole', userId, role }, caller);
    return this.members.resource(await this.members.get(organizationId, userId));
  }
}

export class RemoveMember extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** Admins remove anyone; any member may leave. The member also leaves every team of the organization. */
@CommandHandler(RemoveMember)
export class RemoveMemberHandler implements ICommandHandler<RemoveMember> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly commands: CommandBus,
  ) {}

  async execute({ caller, organizationId, userId }: RemoveMember) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(caller.userId === userId || organizationPermissions(membership.role).admin, 'remove members');
    await this.aggregates.handle(organizationStream(organizationId), organizationDecider, { type: 'RemoveMember', userId }, caller);
    // Each team is its own stream, so this follows the removal rather than sharing its transaction.
    // It finds the user's teams in the team read model; until it has run, team member lists already
    // skip users who are no longer members of the organization.
    await this.commands.execute(new RemoveMemberFromAllTeams(caller, organizationId, userId));
  }
}

export class SetMemberSSO extends Command<MemberResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(SetMemberSSO)
export class SetMemberSSOHandler implements ICommandHandler<SetMemberSSO> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, organizationId, userId }: SetMemberSSO) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, 'set SSO members');
    if (!(await this.users.user(userId))) throw new NotFound('user');
    await this.aggregates.handle(organizationStream(organizationId), organizationDecider, { type: 'SetMemberSSO', userId }, caller);
    return this.members.resource(await this.members.get(organizationId, userId));
  }
}

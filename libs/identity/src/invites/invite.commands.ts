import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Conflict, Forbidden, NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { organizationDecider } from '../organizations/organization.decider';
import { organizationStream } from '../organizations/organization.events';
import { OrganizationReads, OrganizationView } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { Role } from '@folio/platform/domain/roles';
import { CreateUser } from '../users/user.commands';
import { UserReads } from '../users/user.reads';
import { inviteDecider } from './invite.decider';
import { Invitee } from './invite.dto';
import { inviteStream } from './invite.events';
import { InviteReads } from './invite.reads';

type InviteResource = Awaited<ReturnType<InviteReads['resource']>>;

/** Link invites are an admin's tool, and only while the organization has invite links enabled. */
async function adminWithInviteLinks(organizations: OrganizationReads, organizationId: string, caller: Caller): Promise<OrganizationView> {
  const view = await organizations.forMember(organizationId, caller);
  assertAllowed(organizationPermissions(view.membership.role).admin, 'manage invites');
  return view;
}

export class CreateInviteLink extends Command<InviteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly role: Role | null,
  ) {
    super();
  }
}

@CommandHandler(CreateInviteLink)
export class CreateInviteLinkHandler implements ICommandHandler<CreateInviteLink> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly invites: InviteReads,
  ) {}

  async execute({ caller, organizationId, role }: CreateInviteLink) {
    const { organization, membership } = await adminWithInviteLinks(this.organizations, organizationId, caller);
    if (!organization.inviteLinks) throw new Forbidden('Invite links are disabled for this organization');
    const inviteId = newId();
    await this.aggregates.handle(inviteStream(inviteId), inviteDecider, { type: 'CreateInvite', inviteId, organizationId, role }, caller);
    return this.invites.resource(organizationId, inviteId, membership.role);
  }
}

export class UpdateInviteLink extends Command<InviteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly inviteId: string,
    readonly role: Role | null,
    /** The invite's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(UpdateInviteLink)
export class UpdateInviteLinkHandler implements ICommandHandler<UpdateInviteLink> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly invites: InviteReads,
  ) {}

  async execute({ caller, organizationId, inviteId, role, ifMatch }: UpdateInviteLink) {
    const { membership } = await adminWithInviteLinks(this.organizations, organizationId, caller);
    await this.invites.get(organizationId, inviteId);
    await this.aggregates.handle(inviteStream(inviteId), inviteDecider, { type: 'ChangeInviteRole', role }, caller, { ifMatch });
    return this.invites.resource(organizationId, inviteId, membership.role);
  }
}

export class DeleteInviteLink extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteInviteLink)
export class DeleteInviteLinkHandler implements ICommandHandler<DeleteInviteLink> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly invites: InviteReads,
  ) {}

  async execute({ caller, organizationId, inviteId }: DeleteInviteLink) {
    await adminWithInviteLinks(this.organizations, organizationId, caller);
    await this.invites.get(organizationId, inviteId);
    await this.aggregates.handle(inviteStream(inviteId), inviteDecider, { type: 'DeleteInvite' }, caller);
  }
}

export class JoinWithInvite extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

/**
 * The invite is read from its own stream, not the read model: a deleted invite must not admit anyone,
 * even in the instant before its deletion is projected. Members already in keep their role.
 */
@CommandHandler(JoinWithInvite)
export class JoinWithInviteHandler implements ICommandHandler<JoinWithInvite> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, organizationId, inviteId }: JoinWithInvite) {
    const { state: invite } = await this.aggregates.load(inviteStream(inviteId), inviteDecider);
    if (invite.status !== 'active' || invite.organizationId !== organizationId) throw new NotFound('invite');
    const organization = await this.organizations.organization(organizationId);
    if (!organization?.inviteLinks) throw new Forbidden('Invite links are disabled for this organization');
    await this.aggregates.handle(
      organizationStream(organizationId),
      organizationDecider,
      { type: 'AddMember', userId: caller.userId, role: invite.role, via: 'link-invite', inviteId },
      caller,
    );
  }
}

export interface InviteUsersResult {
  /** Ids of the users added to the organization by this request. */
  users: string[];
  invited: number;
}

export class InviteUsers extends Command<InviteUsersResult> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly emails: Invitee[],
    readonly role: Role | null | undefined,
    readonly sso: boolean,
  ) {
    super();
  }
}

/**
 * Folio sends no mail: inviting an address adds that person at once, creating the user (without a token)
 * when the address is new. Existing members keep their role.
 */
@CommandHandler(InviteUsers)
export class InviteUsersHandler implements ICommandHandler<InviteUsers> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly users: UserReads,
    private readonly commands: CommandBus,
  ) {}

  async execute({ caller, organizationId, emails, role, sso }: InviteUsers): Promise<InviteUsersResult> {
    const { organization, membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, 'invite members');
    const added: string[] = [];
    for (const invitee of emails) {
      const email = typeof invitee === 'string' ? invitee : invitee.email;
      const inviteeRole = typeof invitee === 'string' ? (role === undefined ? organization.defaultRole : role) : invitee.role;
      const userId = await this.userFor(email, caller);
      const { events } = await this.aggregates.handle(
        organizationStream(organizationId),
        organizationDecider,
        { type: 'AddMember', userId, role: inviteeRole, via: 'invite' },
        caller,
      );
      if (sso) await this.aggregates.handle(organizationStream(organizationId), organizationDecider, { type: 'SetMemberSSO', userId }, caller);
      if (events.length > 0) added.push(userId);
    }
    return { users: added, invited: added.length };
  }

  private async userFor(email: string, caller: Caller): Promise<string> {
    const existing = await this.users.byEmail(email);
    if (existing) return existing.id;
    try {
      return (await this.commands.execute(new CreateUser(caller, email, undefined, { issueToken: false }))).id;
    } catch (error) {
      // Someone created that user between our lookup and our reservation: use theirs.
      const raced = error instanceof Conflict ? await this.users.byEmail(email) : null;
      if (!raced) throw error;
      return raced.id;
    }
  }
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { reservationDecider } from '@folio/platform/reservations/reservation.decider';
import { reservationStream } from '@folio/platform/reservations/reservation.events';
import { UserReads } from '../users/user.reads';
import { organizationDecider } from './organization.decider';
import { organizationStream } from './organization.events';
import { OrganizationReads } from './organization.reads';
import { organizationResource, OrganizationResource } from './organization.resource';
import { OrganizationSettings } from './organization.settings';

export class CreateOrganization extends Command<OrganizationResource> {
  constructor(
    readonly caller: Caller,
    readonly title: string,
    readonly emailDomains: string[] = [],
  ) {
    super();
  }
}

@CommandHandler(CreateOrganization)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganization> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, title, emailDomains }: CreateOrganization) {
    const organizationId = newId();
    await this.aggregates.handle(
      organizationStream(organizationId),
      organizationDecider,
      { type: 'CreateOrganization', organizationId, title, emailDomains, userId: caller.userId },
      caller,
    );
    return organizationResource(await this.organizations.forMember(organizationId, caller), this.config);
  }
}

export class UpdateOrganization extends Command<OrganizationResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly changes: Partial<OrganizationSettings>,
    /** The organization's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

@CommandHandler(UpdateOrganization)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganization> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, changes, ifMatch }: UpdateOrganization) {
    const current = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(current.membership.role).admin, 'change this organization');
    const oldHostname = current.organization.hostname;
    const newHostname = changes.hostname !== undefined && changes.hostname !== oldHostname ? changes.hostname : null;
    if (newHostname) await this.hostname('Reserve', newHostname, organizationId, caller);
    try {
      await this.aggregates.handle(
        organizationStream(organizationId),
        organizationDecider,
        { type: 'ChangeSettings', changes },
        caller,
        { ifMatch },
      );
    } catch (error) {
      // Give back what this request reserved; the organization did not take it.
      if (newHostname) await this.hostname('Release', newHostname, organizationId, caller);
      throw error;
    }
    if (newHostname && oldHostname) await this.hostname('Release', oldHostname, organizationId, caller);
    return organizationResource(await this.organizations.forMember(organizationId, caller), this.config);
  }

  private hostname(type: 'Reserve' | 'Release', value: string, ownerId: string, caller: Caller) {
    return this.aggregates.handle(
      reservationStream('hostname', value),
      reservationDecider,
      { type, kind: 'hostname', value, ownerId },
      caller,
    );
  }
}

export class JoinOrganization extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
  ) {
    super();
  }
}

@CommandHandler(JoinOrganization)
export class JoinOrganizationHandler implements ICommandHandler<JoinOrganization> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly users: UserReads,
  ) {}

  async execute({ caller, organizationId }: JoinOrganization) {
    if (!(await this.organizations.organization(organizationId))) throw new NotFound('organization');
    const user = await this.users.user(caller.userId);
    if (!user) throw new NotFound('user');
    await this.aggregates.handle(
      organizationStream(organizationId),
      organizationDecider,
      { type: 'JoinByEmailDomain', userId: user.id, email: user.email },
      caller,
    );
  }
}

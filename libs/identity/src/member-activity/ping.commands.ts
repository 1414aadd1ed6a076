import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SECRET } from '@folio/platform/config/secret';
import { MemberReads } from '../members/member.reads';
import { OrganizationReads } from '../organizations/organization.reads';
import { memberActivityDecider } from './member-activity.decider';
import { memberActivityStream } from './member-activity.events';
import { signVisitorClaims } from './visitor-claims';

export interface PingResult {
  /** The seed's name for the token. */
  serviceVisitorClaims: string;
  /** The client spec's name for the same token. */
  gitbookVisitorClaims: string;
}

export class PingOrganization extends Command<PingResult> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
  ) {
    super();
  }
}

@CommandHandler(PingOrganization)
export class PingOrganizationHandler implements ICommandHandler<PingOrganization> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(SECRET) private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async execute({ caller, organizationId }: PingOrganization): Promise<PingResult> {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    await this.aggregates.handle(
      memberActivityStream(organizationId, caller.userId),
      memberActivityDecider,
      { type: 'RecordSeen', organizationId, userId: caller.userId },
      caller,
    );
    const token = await signVisitorClaims(
      { organizationId, userId: caller.userId, role: membership.role, teams: await this.members.teamIds(organizationId, caller.userId) },
      this.secret,
      this.config.publicUrl,
      this.clock.now(),
    );
    return { serviceVisitorClaims: token, gitbookVisitorClaims: token };
  }
}

import { Module } from '@nestjs/common';
import { FindMentionableMembersHandler } from './members/mentionable-members.handler';
import { GetMembershipHandler } from './members/membership.handler';
import { GetOrganizationMembersHandler } from './members/organization-members.handler';
import { MemberReads } from './members/member.reads';
import { FindOrganizationByAddressHandler, GetOrganizationAddressHandler } from './organizations/organization-address.handler';
import { GetOrganizationCreationHandler } from './organizations/organization-creation.handler';
import { GetOrganizationMergeRulesHandler } from './organizations/organization-merge-rules.handler';
import { OrganizationReads } from './organizations/organization.reads';
import { FindOrganizationTeamsHandler } from './teams/organization-teams.handler';
import { FindTeamMembersHandler } from './teams/team-members.handler';
import { GetUserProfilesHandler } from './users/user-profiles.handler';
import { UserReads } from './users/user.reads';

/**
 * The answers to the queries other contexts ask identity (`public/`: profiles, memberships, merge governance,
 * teams, addresses), over the read models alone: no routes, no commands, no secret. The identity module imports
 * it in the API and the CLI; the projector imports it on its own, for the processes it runs as a user (Git
 * Sync's), whose permission checks and commit authors ask it. VerifyVisitorToken is not here: it needs the
 * server secret, which only the API loads.
 */
@Module({
  providers: [
    GetUserProfilesHandler,
    GetMembershipHandler,
    GetOrganizationMembersHandler,
    FindMentionableMembersHandler,
    GetOrganizationMergeRulesHandler,
    GetOrganizationAddressHandler,
    FindOrganizationByAddressHandler,
    GetOrganizationCreationHandler,
    FindTeamMembersHandler,
    FindOrganizationTeamsHandler,
    UserReads,
    MemberReads,
    OrganizationReads,
  ],
  exports: [UserReads, MemberReads, OrganizationReads],
})
export class IdentityQueriesModule {}

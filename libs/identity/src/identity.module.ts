import { Module } from '@nestjs/common';
import { CONFIG } from '@folio/platform/config/config.token';
import { READ_STORE } from '@folio/platform/read-store/read-store.port';
import { loadSecret, SECRET } from '@folio/platform/config/secret';
import { TokenVerifier } from '@folio/platform/http/token-verifier';
import { AuditController } from './audit/audit.controller';
import { GetAuditEventHandler, ListAuditActionsHandler, ListAuditEventsHandler } from './audit/audit.queries';
import { AuditReads } from './audit/audit.reads';
import { BootstrapAdmin } from './bootstrap/bootstrap-admin';
import {
  CreateInviteLinkHandler,
  DeleteInviteLinkHandler,
  InviteUsersHandler,
  JoinWithInviteHandler,
  UpdateInviteLinkHandler,
} from './invites/invite.commands';
import { InviteController } from './invites/invite.controller';
import { GetInviteLinkHandler, ListInviteLinksHandler } from './invites/invite.queries';
import { InviteReads } from './invites/invite.reads';
import { VerifyVisitorTokenHandler } from './member-activity/visitor-token.handler';
import { PingOrganizationHandler } from './member-activity/ping.commands';
import { ChangeMemberRoleHandler, RemoveMemberHandler, SetMemberSSOHandler } from './members/member.commands';
import { MemberController } from './members/member.controller';
import { GetMemberHandler, ListMembersHandler, ListMemberTeamsHandler } from './members/member.queries';
import {
  CreateOrganizationHandler,
  JoinOrganizationHandler,
  UpdateOrganizationHandler,
} from './organizations/organization.commands';
import { OrganizationController } from './organizations/organization.controller';
import { GetOrganizationHandler, ListOrganizationsHandler } from './organizations/organization.queries';
import { SubdomainController } from './subdomains/subdomain.controller';
import { GetSubdomainHandler } from './subdomains/subdomain.queries';
import { ApiTokenController } from './users/api-token.controller';
import { ListOwnApiTokensHandler } from './users/api-token.queries';
import { openTokenUsage } from './users/token-usage/open-token-usage';
import { TokenUsage } from './users/token-usage/token-usage';
import { TokenUsageStore } from './users/token-usage/token-usage.port';
import { CreateUserHandler, IssueApiTokenHandler, RevokeApiTokenHandler } from './users/user.commands';
import { UserController } from './users/user.controller';
import { SharesOrganizationHandler } from './users/shares-organization.query';
import { GetAuthenticatedUserHandler, GetUserHandler } from './users/user.queries';
import { ReadModelTokenVerifier } from './users/user.reads';
import { IdentityQueriesModule } from './identity-queries.module';

const handlers = [
  CreateUserHandler,
  IssueApiTokenHandler,
  RevokeApiTokenHandler,
  ListOwnApiTokensHandler,
  GetAuthenticatedUserHandler,
  GetUserHandler,
  SharesOrganizationHandler,
  CreateOrganizationHandler,
  UpdateOrganizationHandler,
  JoinOrganizationHandler,
  GetOrganizationHandler,
  ListOrganizationsHandler,
  GetSubdomainHandler,
  ChangeMemberRoleHandler,
  RemoveMemberHandler,
  SetMemberSSOHandler,
  ListMembersHandler,
  GetMemberHandler,
  ListMemberTeamsHandler,
  InviteUsersHandler,
  JoinWithInviteHandler,
  CreateInviteLinkHandler,
  UpdateInviteLinkHandler,
  DeleteInviteLinkHandler,
  ListInviteLinksHandler,
  GetInviteLinkHandler,
  ListAuditEventsHandler,
  GetAuditEventHandler,
  ListAuditActionsHandler,
];

/** Users, API tokens, organizations, members, invites and the audit log. Controllers: the API only. */
@Module({
  imports: [IdentityQueriesModule],
  providers: [
    ...handlers,
    InviteReads,
    AuditReads,
    BootstrapAdmin,
    { provide: TokenUsageStore, inject: [CONFIG, READ_STORE], useFactory: openTokenUsage },
    TokenUsage,
    { provide: TokenVerifier, useClass: ReadModelTokenVerifier },
  ],
  exports: [TokenVerifier, TokenUsage, BootstrapAdmin, IdentityQueriesModule, AuditReads],
})
export class IdentityModule {}

/**
 * The routes. Ping lives here with the server secret it signs visitor claims with: only the API loads
 * the secret, so the projector and the CLI start without FOLIO_SECRET in distributed mode.
 */
@Module({
  imports: [IdentityModule],
  controllers: [UserController, ApiTokenController, OrganizationController, SubdomainController, MemberController, InviteController, AuditController],
  providers: [PingOrganizationHandler, VerifyVisitorTokenHandler, { provide: SECRET, inject: [CONFIG], useFactory: loadSecret }],
})
export class IdentityHttpModule {}

import { Module } from '@nestjs/common';
import { TokenVerifier } from '@folio/platform/http/token-verifier';
import { BootstrapAdmin } from './bootstrap/bootstrap-admin';
import {
  CreateOrganizationHandler,
  JoinOrganizationHandler,
  UpdateOrganizationHandler,
} from './organizations/organization.commands';
import { OrganizationController } from './organizations/organization.controller';
import { GetOrganizationHandler, ListOrganizationsHandler } from './organizations/organization.queries';
import { OrganizationReads } from './organizations/organization.reads';
import { CreateUserHandler, IssueApiTokenHandler, RevokeApiTokenHandler } from './users/user.commands';
import { UserController } from './users/user.controller';
import { GetAuthenticatedUserHandler } from './users/user.queries';
import { ReadModelTokenVerifier, UserReads } from './users/user.reads';

const handlers = [
  CreateUserHandler,
  IssueApiTokenHandler,
  RevokeApiTokenHandler,
  GetAuthenticatedUserHandler,
  CreateOrganizationHandler,
  UpdateOrganizationHandler,
  JoinOrganizationHandler,
  GetOrganizationHandler,
  ListOrganizationsHandler,
];

/** Users, API tokens, organizations and their members. Controllers are added by the API only. */
@Module({
  providers: [...handlers, UserReads, OrganizationReads, BootstrapAdmin, { provide: TokenVerifier, useClass: ReadModelTokenVerifier }],
  exports: [TokenVerifier, BootstrapAdmin, UserReads],
})
export class IdentityModule {}

@Module({ imports: [IdentityModule], controllers: [UserController, OrganizationController] })
export class IdentityHttpModule {}

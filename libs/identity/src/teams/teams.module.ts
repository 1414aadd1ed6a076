import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity.module';
import {
  CreateTeamHandler,
  DeleteTeamHandler,
  PutTeamMemberHandler,
  RemoveMemberFromAllTeamsHandler,
  RemoveTeamMemberHandler,
  RenameTeamHandler,
  UpdateTeamMembersHandler,
} from './team.commands';
import { TeamController } from './team.controller';
import { GetTeamHandler, ListTeamMembersHandler, ListTeamsHandler } from './team.queries';
import { TeamReads } from './team.reads';

const handlers = [
  CreateTeamHandler,
  RenameTeamHandler,
  DeleteTeamHandler,
  UpdateTeamMembersHandler,
  PutTeamMemberHandler,
  RemoveTeamMemberHandler,
  RemoveMemberFromAllTeamsHandler,
  ListTeamsHandler,
  GetTeamHandler,
  ListTeamMembersHandler,
];

/**
 * Teams of an organization and their members. The organization and user reads are plain read-store
 * readers, provided here again so this module stands without the identity module's internals.
 */
@Module({
  imports: [IdentityModule],
  providers: [...handlers, TeamReads],
  exports: [TeamReads],
})
export class TeamsModule {}

@Module({ imports: [TeamsModule], controllers: [TeamController] })
export class TeamsHttpModule {}

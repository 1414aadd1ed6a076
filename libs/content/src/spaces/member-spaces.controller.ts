import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional } from 'class-validator';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { ListMemberSpaces } from './member-spaces.query';

export class MemberSpacesQuery extends ListQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

@Controller('orgs/:organizationId/members/:userId/spaces')
export class MemberSpacesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: MemberSpacesQuery,
  ) {
    return this.queries.execute(new ListMemberSpaces(caller, organizationId, userId, query));
  }
}

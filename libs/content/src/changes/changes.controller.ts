import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ChangeRequestChangesQuery, DEFAULT_CHANGES_LIMIT, RevisionChangesQuery } from './changes.dto';
import { GetChangeRequestChanges, GetRevisionChanges } from './changes.queries';

/** The semantic changes of a change request (against its base) and of a revision (against its first parent). */
@Controller('spaces/:spaceId')
export class ChangesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('change-requests/:changeRequestId/changes')
  changeRequest(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: ChangeRequestChangesQuery) {
    return this.queries.execute(new GetChangeRequestChanges(c, s, cr, q.limit ?? DEFAULT_CHANGES_LIMIT));
  }

  @Get('revisions/:revisionId/changes')
  revision(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Query() q: RevisionChangesQuery) {
    return this.queries.execute(new GetRevisionChanges(c, s, r, q.limit ?? DEFAULT_CHANGES_LIMIT));
  }
}

import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { ListSpacesInCollection } from './space.queries';

/** A collection's spaces: a spaces read, served by the spaces slice, so collections need nothing from it. */
@Controller('collections/:collectionId/spaces')
export class CollectionSpacesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListSpacesInCollection(caller, collectionId, list));
  }
}

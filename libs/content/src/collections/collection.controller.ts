import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { assertMoveBody, MoveBody } from '../shared/move.body';
import { CreateCollection, DeleteCollection, MoveCollection, TransferCollection, UpdateCollection } from './collection.commands';
import { CreateCollectionBody, ListCollectionsQuery, TransferCollectionBody, UpdateCollectionBody } from './collection.dto';
import { GetCollection, ListCollections } from './collection.queries';
import { CollectionResource } from './collection.resource';

@Controller()
export class CollectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('orgs/:organizationId/collections')
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateCollectionBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = (body as CreateCollectionBody | undefined) ?? {};
    const collection: CollectionResource = await this.commands.execute(
      new CreateCollection(caller, organizationId, { title: input.title, parent: input.parent }),
    );
    void reply.status(201).header('location', collection.urls.location);
    return collection;
  }

  @Get('orgs/:organizationId/collections')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListCollectionsQuery) {
    const { nested, ...list } = query;
    return this.queries.execute(new ListCollections(caller, organizationId, nested ?? false, list));
  }

  @Get('collections/:collectionId')
  get(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string) {
    return this.queries.execute(new GetCollection(caller, collectionId));
  }

  @Patch('collections/:collectionId')
  update(
    @CallerParam() caller: Caller,
    @Param('collectionId') collectionId: string,
    @Body() body: UpdateCollectionBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    const changes = (body as UpdateCollectionBody | undefined)?.toChanges() ?? {};
    return this.commands.execute(new UpdateCollection(caller, collectionId, changes, ifMatch));
  }

  @Delete('collections/:collectionId')
  @HttpCode(204)
  async delete(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string) {
    await this.commands.execute(new DeleteCollection(caller, collectionId));
  }

  @Post('collections/:collectionId/move')
  @HttpCode(200)
  move(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string, @Body() body: MoveBody) {
    const move = assertMoveBody(body);
    return this.commands.execute(new MoveCollection(caller, collectionId, move.parent, move.placement()));
  }

  @Post('collections/:collectionId/transfer')
  @HttpCode(200)
  transfer(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string, @Body() body: TransferCollectionBody) {
    return this.commands.execute(new TransferCollection(caller, collectionId, body.organization));
  }
}

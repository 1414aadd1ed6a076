import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { ListQuery } from '@folio/platform/http/pagination';
import { AddSection, AddSectionGroup, ChangeSiteStructure } from './site.commands';
import {
  AddSectionBody,
  AddSectionGroupBody,
  AddSectionToGroupBody,
  MoveSectionBody,
  MoveSectionGroupBody,
  MoveSiteSpaceBody,
  SortStructureBody,
  UpdateSectionBody,
  UpdateSectionGroupBody,
} from './site.dto';
import { GetSiteStructure, ListSiteParts } from './site.queries';

const SITE = 'orgs/:organizationId/sites/:siteId';


/** A site's structure: sections, section groups, the sort, and the deprecated moves (which sort too). */
@Controller()
export class SiteStructureController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  @Get(`${SITE}/structure`)
  structure(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetSiteStructure(caller, organizationId, siteId));
  }

  /** 200 with the item moved, or 204 when the caller prefers `return=minimal` (the client spec's). */
  @Patch(`${SITE}/structure/sort`)
  async sort(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: SortStructureBody,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const moved = await this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'MoveItem', item: body.item, position: body.position }, body.item));
    if (prefer?.includes('return=minimal')) {
      void reply.status(204).header('preference-applied', 'return=minimal');
      return;
    }
    return moved;
  }

  @Post(`${SITE}/site-spaces/:siteSpaceId/move`)
  @HttpCode(200)
  moveSiteSpace(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('siteSpaceId') id: string, @Body() body: MoveSiteSpaceBody) {
    const item = { type: 'site-space' as const, id };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'MoveItem', item, position: body.toPosition() }, item));
  }

  @Get(`${SITE}/sections`)
  sections(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListSiteParts(caller, organizationId, siteId, 'sections', list));
  }

  @Post(`${SITE}/sections`)
  async addSection(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: AddSectionBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const section = await this.commands.execute(new AddSection(caller, organizationId, siteId, body));
    void reply.status(201).header('location', `${this.config.publicUrl}/v1/orgs/${organizationId}/sites/${siteId}/sections/${section.id}`);
    return section;
  }

  @Patch(`${SITE}/sections/:sectionId`)
  updateSection(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('sectionId') sectionId: string, @Body() body: UpdateSectionBody) {
    const answer = { type: 'site-section' as const, id: sectionId };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'UpdateSection', sectionId, changes: body.toChanges() }, answer));
  }

  @Delete(`${SITE}/sections/:sectionId`)
  async deleteSection(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('sectionId') sectionId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'RemoveSection', sectionId }, { type: 'deleted' })) as boolean);
  }

  @Post(`${SITE}/sections/:sectionId/move`)
  @HttpCode(200)
  moveSection(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('sectionId') id: string, @Body() body: MoveSectionBody) {
    const item = { type: 'site-section' as const, id };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'MoveItem', item, position: body.toPosition() }, item));
  }

  @Get(`${SITE}/section-groups`)
  groups(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListSiteParts(caller, organizationId, siteId, 'groups', list));
  }

  @Post(`${SITE}/section-groups`)
  async addGroup(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: AddSectionGroupBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const group = await this.commands.execute(new AddSectionGroup(caller, organizationId, siteId, body));
    void reply.status(201).header('location', `${this.config.publicUrl}/v1/orgs/${organizationId}/sites/${siteId}/section-groups/${group.id}`);
    return group;
  }

  @Patch(`${SITE}/section-groups/:groupId`)
  updateGroup(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('groupId') groupId: string, @Body() body: UpdateSectionGroupBody) {
    const answer = { type: 'site-section-group' as const, id: groupId };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'UpdateSectionGroup', groupId, changes: body.toChanges() }, answer));
  }

  @Delete(`${SITE}/section-groups/:groupId`)
  async deleteGroup(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('groupId') groupId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'RemoveSectionGroup', groupId }, { type: 'deleted' })) as boolean);
  }

  /** The seed's: a section moved into the group, at its end; 201 with the group. */
  @Post(`${SITE}/section-groups/:groupId/sections`)
  addSectionToGroup(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('groupId') groupId: string, @Body() body: AddSectionToGroupBody) {
    const command = { type: 'AddSectionToGroup' as const, groupId, sectionId: body.sectionId };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, command, { type: 'site-section-group', id: groupId }));
  }

  @Post(`${SITE}/section-groups/:groupId/move`)
  @HttpCode(200)
  moveGroup(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Param('groupId') id: string, @Body() body: MoveSectionGroupBody) {
    const item = { type: 'site-section-group' as const, id };
    return this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'MoveItem', item, position: body.position }, item));
  }
}

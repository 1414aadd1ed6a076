import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { UpdateGlossary } from './glossary.commands';
import { ListGlossaryQuery, UpdateGlossaryBody } from './glossary.dto';
import { GetGlossaryEntry, ListGlossaryEntries } from './glossary.queries';

const GLOSSARY = 'orgs/:organizationId/translations-glossary';

@Controller()
export class GlossaryController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(GLOSSARY)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListGlossaryQuery) {
    return this.queries.execute(new ListGlossaryEntries(caller, organizationId, query));
  }

  /** 204 once every operation is applied (none is, on a 400). */
  @Put(GLOSSARY)
  async update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: UpdateGlossaryBody, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new UpdateGlossary(caller, organizationId, body));
    void reply.status(204);
  }

  @Get(`${GLOSSARY}/:glossaryEntryId`)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('glossaryEntryId') glossaryEntryId: string) {
    return this.queries.execute(new GetGlossaryEntry(caller, organizationId, glossaryEntryId));
  }
}

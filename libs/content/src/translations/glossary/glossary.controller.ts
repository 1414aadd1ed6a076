import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
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

  /**
   * 204 once every operation is applied (none is, on a 400). The body's shape is checked as UpdateGlossaryBody,
   * but its operations are read as sent: the transformed body drops keys named like Object.prototype's
   * methods (`toString`), which as a language must be refused, not ignored.
   */
  @Put(GLOSSARY)
  async update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() _checked: UpdateGlossaryBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.commands.execute(new UpdateGlossary(caller, organizationId, (request.body as UpdateGlossaryBody).operations));
    void reply.status(204);
  }

  @Get(`${GLOSSARY}/:glossaryEntryId`)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('glossaryEntryId') glossaryEntryId: string) {
    return this.queries.execute(new GetGlossaryEntry(caller, organizationId, glossaryEntryId));
  }
}

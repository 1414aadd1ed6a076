import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateTranslation, DeleteTranslation, RunTranslation, UpdateTranslation } from './translation.commands';
import { CreateTranslationBody, UpdateTranslationBody } from './translation.dto';
import { GetTranslation, ListTranslations } from './translation.queries';

const TRANSLATIONS = 'orgs/:organizationId/translations';
const TRANSLATION = `${TRANSLATIONS}/:translationId`;

@Controller()
export class TranslationController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(TRANSLATIONS)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQuery) {
    return this.queries.execute(new ListTranslations(caller, organizationId, query));
  }

  /** 201 with the translation, its first run requested. */
  @Post(TRANSLATIONS)
  async create(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: CreateTranslationBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const translation = await this.commands.execute(new CreateTranslation(caller, organizationId, body));
    void reply.status(201);
    return translation;
  }

  @Get(TRANSLATION)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('translationId') translationId: string) {
    return this.queries.execute(new GetTranslation(caller, organizationId, translationId));
  }

  @Put(TRANSLATION)
  update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('translationId') translationId: string, @Body() body: UpdateTranslationBody) {
    return this.commands.execute(new UpdateTranslation(caller, organizationId, translationId, body));
  }

  /** 205 when a translation was deleted, 204 when there was none (the client spec's). */
  @Delete(TRANSLATION)
  async delete(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationId') translationId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new DeleteTranslation(caller, organizationId, translationId)));
  }

  /** 204 once the run is asked for; it runs in the background (the translation's status follows it). */
  @Post(`${TRANSLATION}/run`)
  async run(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('translationId') translationId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.commands.execute(new RunTranslation(caller, organizationId, translationId));
    void reply.status(204);
  }
}

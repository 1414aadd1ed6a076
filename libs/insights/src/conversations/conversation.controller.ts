import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { JsonArrayBody } from '@folio/platform/http/json-body';
import { conversationBatch } from './conversation-batch';
import { EraseConversation, IngestConversations } from './conversation.commands';
import { ListConversationsQuery } from './conversation.dto';
import { GetConversation, ListConversations } from './conversation.queries';

const CONVERSATIONS = 'orgs/:organizationId/conversations';

/** The seed's conversation routes (outside the client's spec), and their erasure (an addition). */
@Controller()
export class ConversationController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  /** One conversation or an array of them; 204 once every one is stored; 413 over BODY_LIMIT (1 MiB, refused before parsing). */
  @Post(CONVERSATIONS)
  @JsonArrayBody()
  @HttpCode(204)
  async ingest(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: unknown): Promise<void> {
    await this.commands.execute(new IngestConversations(caller, organizationId, await conversationBatch(body)));
  }

  @Get(CONVERSATIONS)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListConversationsQuery) {
    return this.queries.execute(new ListConversations(caller, organizationId, query));
  }

  @Get(`${CONVERSATIONS}/:conversationId`)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('conversationId') conversationId: string) {
    return this.queries.execute(new GetConversation(caller, organizationId, conversationId));
  }

  /** 205 when a conversation was erased, 204 when there was none (never ingested, or erased already). */
  @Delete(`${CONVERSATIONS}/:conversationId`)
  async erase(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('conversationId') conversationId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new EraseConversation(caller, organizationId, conversationId)));
  }
}

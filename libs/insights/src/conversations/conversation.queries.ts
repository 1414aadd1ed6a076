import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { InsightsAccess } from '../insights-access';
import { ListConversationsQuery } from './conversation.dto';
import { ConversationReads } from './conversation.reads';
import { ConversationDetail, conversationDetail, ConversationResource, conversationResource } from './conversation.resource';

/** Every member of the organization lists its conversations (of one `source` if asked), newest first. */
export class ListConversations extends Query<ListEnvelope<ConversationResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListConversationsQuery) {
    super();
  }
}

@QueryHandler(ListConversations)
export class ListConversationsHandler implements IQueryHandler<ListConversations> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly reads: ConversationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, query }: ListConversations) {
    await this.access.member(caller, organizationId);
    const { source, ...list } = query;
    const page = await this.reads.list(organizationId, source, list);
    return listEnvelope(
      page.items.map(({ doc, text }) => conversationResource(doc, text, this.config.publicUrl)),
      page.next,
    );
  }
}

/** Every member reads one conversation: the resource, its parts and metadata; 404 unknown or erased. */
export class GetConversation extends Query<ConversationDetail> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly conversationId: string) {
    super();
  }
}

@QueryHandler(GetConversation)
export class GetConversationHandler implements IQueryHandler<GetConversation> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly reads: ConversationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, conversationId }: GetConversation) {
    await this.access.member(caller, organizationId);
    const { doc, text } = await this.reads.conversation(organizationId, conversationId);
    return conversationDetail(doc, text, this.config.publicUrl);
  }
}

export const conversationQueryHandlers = [ListConversationsHandler, GetConversationHandler];

import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { ConversationReads, OpenedConversation } from '../conversations/conversation.reads';
import { ConversationResource, conversationResource } from '../conversations/conversation.resource';
import { InsightsAccess } from '../insights-access';
import { ListIssuesQuery } from './issue.dto';
import { IssueReads, OpenedIssue } from './issue.reads';
import { IssueResource, issueResource } from './issue.resource';

/** The seed's item of the issues list and answer of one issue. */
export interface IssueWithConversation {
  issue: IssueResource;
  conversation: ConversationResource;
}

/** Each issue with its conversation (read once per page); an issue whose conversation no longer opens (erased) is left out. */
async function withConversations(issues: OpenedIssue[], conversations: ConversationReads, publicUrl: string): Promise<IssueWithConversation[]> {
  const read = new Map<string, Promise<OpenedConversation | null>>();
  const conversationOf = (issue: OpenedIssue) => {
    const { organizationId, conversation } = issue.doc;
    if (!read.has(conversation)) read.set(conversation, conversations.conversation(organizationId, conversation).catch((error) => (error instanceof NotFound ? null : Promise.reject(error))));
    return read.get(conversation)!;
  };
  const items = await Promise.all(
    issues.map(async (issue) => {
      const opened = await conversationOf(issue);
      return opened && { issue: issueResource(issue.doc, issue.text, publicUrl), conversation: conversationResource(opened.doc, opened.text, publicUrl) };
    }),
  );
  return items.filter((item): item is IssueWithConversation => item !== null);
}

/** Every member lists the organization's issues (of one cluster or conversation if asked), newest conversation first. */
export class ListConversationIssues extends Query<ListEnvelope<IssueWithConversation>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListIssuesQuery) {
    super();
  }
}

@QueryHandler(ListConversationIssues)
export class ListConversationIssuesHandler implements IQueryHandler<ListConversationIssues> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly issues: IssueReads,
    private readonly conversations: ConversationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, query }: ListConversationIssues) {
    await this.access.member(caller, organizationId);
    const { cluster, conversation, ...list } = query;
    const page = await this.issues.list(organizationId, { cluster, conversation }, list);
    return listEnvelope(await withConversations(page.items, this.conversations, this.config.publicUrl), page.next);
  }
}

/** Every member reads one issue with its conversation; 404 unknown, or its conversation erased. */
export class GetConversationIssue extends Query<IssueWithConversation> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly issueId: string) {
    super();
  }
}

@QueryHandler(GetConversationIssue)
export class GetConversationIssueHandler implements IQueryHandler<GetConversationIssue> {
  constructor(
    private readonly access: InsightsAccess,
    private readonly issues: IssueReads,
    private readonly conversations: ConversationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, issueId }: GetConversationIssue) {
    await this.access.member(caller, organizationId);
    const [item] = await withConversations([await this.issues.issue(organizationId, issueId)], this.conversations, this.config.publicUrl);
    if (!item) throw new NotFound('conversation issue');
    return item;
  }
}

export const issueQueryHandlers = [ListConversationIssuesHandler, GetConversationIssueHandler];

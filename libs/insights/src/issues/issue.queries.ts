import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { InsightsAccess } from '../insights-access';
import { IssueAnswers, IssueWithConversation } from './issue-answers';
import { ListIssuesQuery } from './issue.dto';

/** Every member lists the organization's issues (of one cluster or conversation if asked), newest conversation first. */
export class ListConversationIssues extends Query<ListEnvelope<IssueWithConversation>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly query: ListIssuesQuery) {
    super();
  }
}

@QueryHandler(ListConversationIssues)
export class ListConversationIssuesHandler implements IQueryHandler<ListConversationIssues> {
  constructor(private readonly access: InsightsAccess, private readonly answers: IssueAnswers) {}

  async execute({ caller, organizationId, query }: ListConversationIssues) {
    await this.access.member(caller, organizationId);
    const { cluster, conversation, ...list } = query;
    const page = await this.answers.reads.list(organizationId, { cluster, conversation }, list);
    return listEnvelope(await this.answers.withConversations(page.items), page.next);
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
  constructor(private readonly access: InsightsAccess, private readonly answers: IssueAnswers) {}

  async execute({ caller, organizationId, issueId }: GetConversationIssue) {
    await this.access.member(caller, organizationId);
    const [item] = await this.answers.withConversations([await this.answers.reads.issue(organizationId, issueId)]);
    if (!item) throw new NotFound('conversation issue');
    return item;
  }
}

export const issueQueryHandlers = [ListConversationIssuesHandler, GetConversationIssueHandler];

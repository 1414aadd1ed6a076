import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { ConversationReads, OpenedConversation } from '../conversations/conversation.reads';
import { ConversationResource, conversationResource } from '../conversations/conversation.resource';
import { IssueReads, OpenedIssue } from './issue.reads';
import { IssueResource, issueResource } from './issue.resource';

/** The seed's item of the issues list and answer of one issue. */
export interface IssueWithConversation {
  issue: IssueResource;
  conversation: ConversationResource;
}

/** Issues as answered: each with its conversation (read once per answer); one whose conversation no longer opens (erased) is left out. */
@Injectable()
export class IssueAnswers {
  constructor(
    readonly reads: IssueReads,
    private readonly conversations: ConversationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async withConversations(issues: OpenedIssue[]): Promise<IssueWithConversation[]> {
    const read = new Map<string, Promise<OpenedConversation | null>>();
    const conversationOf = ({ doc }: OpenedIssue) => {
      if (!read.has(doc.conversation)) read.set(doc.conversation, this.conversations.conversation(doc.organizationId, doc.conversation).catch(absentWhenNotFound));
      return read.get(doc.conversation)!;
    };
    const { publicUrl } = this.config;
    const items = await Promise.all(
      issues.map(async (issue) => {
        const opened = await conversationOf(issue);
        return opened && { issue: issueResource(issue.doc, issue.text, publicUrl), conversation: conversationResource(opened.doc, opened.text, publicUrl) };
      }),
    );
    return items.filter((item): item is IssueWithConversation => item !== null);
  }
}

const absentWhenNotFound = (error: unknown): null => {
  if (error instanceof NotFound) return null;
  throw error;
};

import { IssueText } from './issue.events';
import { IssueDoc } from './issue.projection';

/** The seed's conversation issue, its title and summary opened from its sealed text. */
export function issueResource(doc: IssueDoc, text: IssueText, publicUrl: string) {
  return {
    object: 'conversation-issue' as const,
    id: doc.id,
    title: text.title,
    summary: text.summary,
    createdAt: doc.createdAt,
    ingestedAt: doc.ingestedAt,
    conversation: doc.conversation,
    cluster: doc.cluster,
    urls: { location: `${publicUrl}/v1/orgs/${doc.organizationId}/conversations-issues/${doc.id}` },
  };
}

export type IssueResource = ReturnType<typeof issueResource>;

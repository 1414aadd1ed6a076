import { ClusterIndexState, IssueVector } from '../analysis/issue-clustering';
import { IssueEvent, IssuePlacement } from './issue.events';

type Held = IssueVector & { clusterId: string };

/**
 * An organization's clusters as its issues stream placed them, in memory for the extraction process: its
 * ClusterIndex and, per conversation, the issues it holds (what a withdrawal takes out of the index). Built
 * by replaying the stream's events (`apply`), so a recorded placement is never decided again; the process
 * then places new issues and applies its own appends. Memory: every live issue's hashed terms (about 16
 * terms of 16 characters, ~1 KB an issue with the index's postings), so ~10 MB for 10,000 issues.
 */
export class OrganizationIssues {
  private readonly byConversation = new Map<string, Held[]>();

  constructor(private readonly index: ClusterIndexState) {}

  /** Replays one event of the organization's issues stream. */
  apply(event: IssueEvent): void {
    if (event.type === 'ConversationIssuesWithdrawn') return this.withdraw(event.data.conversationId);
    const placed = new Map(event.data.placements.map((p) => [p.issueId, p.clusterId]));
    const held = event.data.issues.map((issue) => ({ issueId: issue.issueId, terms: issue.terms, clusterId: placed.get(issue.issueId)! }));
    for (const issue of held) this.index.add(issue.clusterId, issue);
    this.byConversation.set(event.data.conversationId, held);
  }

  /** Takes the conversation's issues out of their clusters. */
  withdraw(conversationId: string): void {
    for (const issue of this.byConversation.get(conversationId) ?? []) this.index.remove(issue.clusterId, issue);
    this.byConversation.delete(conversationId);
  }

  /**
   * Places a conversation's new issues one after another (a later one may join the cluster an earlier one
   * founded) and keeps them: the caller withdraws the previous ones first, and drops this whole object if
   * the append that records the placements fails.
   */
  place(conversationId: string, issues: IssueVector[]): IssuePlacement[] {
    const held: Held[] = [];
    const placements = issues.map((issue) => {
      const { clusterId, founded } = this.index.place(issue);
      this.index.add(clusterId, issue);
      held.push({ ...issue, clusterId });
      return { issueId: issue.issueId, clusterId, founded };
    });
    this.byConversation.set(conversationId, held);
    return placements;
  }
}

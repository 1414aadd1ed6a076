import { Sealed } from '@folio/platform/domain/sealed';
import { defineProjection } from '@folio/platform/projections/projection';
import { IssueEvent } from './issue.events';

export const INSIGHTS_ISSUES = 'insightsIssues';

/** One document per live issue; its title and summary stay sealed under the conversation's key (opened when read). */
export interface IssueDoc {
  id: string;
  organizationId: string;
  /** The caller's conversation id. */
  conversation: string;
  cluster: string;
  createdAt: string;
  ingestedAt: string;
  source: string;
  text: Sealed;
  [key: string]: unknown;
}

/**
 * The organizations' issues, from their issues streams: an extraction adds its issues, a withdrawal (an
 * erasure, a newer revision) removes them. Indexed for the list (newest conversation first) and its two
 * filters.
 */
export const issueProjection = defineProjection<IssueEvent>(
  'insights-issues',
  [
    {
      name: INSIGHTS_ISSUES,
      indexes: [
        ['organizationId', 'createdAt'],
        ['organizationId', 'cluster', 'createdAt'],
        ['organizationId', 'conversation', 'createdAt'],
      ],
    },
  ],
  {
    ConversationIssuesExtracted: async ({ data }, tx) => {
      const clusters = new Map(data.placements.map((p) => [p.issueId, p.clusterId]));
      for (const issue of data.issues) {
        const doc: IssueDoc = {
          id: issue.issueId,
          organizationId: data.organizationId,
          conversation: data.conversationId,
          cluster: clusters.get(issue.issueId)!,
          createdAt: issue.createdAt,
          ingestedAt: issue.ingestedAt,
          source: issue.source,
          text: issue.text,
        };
        await tx.upsert(INSIGHTS_ISSUES, doc);
      }
    },
    ConversationIssuesWithdrawn: async ({ data }, tx) => {
      for (const { issueId } of data.issues) await tx.delete(INSIGHTS_ISSUES, issueId);
    },
  },
);

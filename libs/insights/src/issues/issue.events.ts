import { Sealed } from '@folio/platform/domain/sealed';

/**
 * Issues and their clusters: one stream per organization (`insightsIssues-<org>`), written only by the
 * extraction process, in log order (a single writer). Each conversation revision processed is one
 * `ConversationIssuesExtracted`, carrying the issues found and where each was placed: recording the
 * placements in the log is what makes a rebuild (and the process's own index, rebuilt after a restart)
 * give identical clusters. A re-processed revision or an erasure first withdraws the conversation's
 * previous issues (`ConversationIssuesWithdrawn`).
 *
 * Nothing derived from a conversation's text is in clear: `text` is sealed under the conversation's own
 * key (conversationSubject), terms and key phrases are hashes (term-hashes.ts). Readable: ids, counts,
 * dates, the source.
 *
 * The conversations projection reads `ConversationIssuesExtracted` (type and the fields of
 * ConversationIssuesExtractedData are fixed) to tell a conversation's revision processed (its `processedAt`).
 */
export type ConversationIssuesExtractedData = {
  organizationId: string;
  conversationId: string;
  /** The ConversationIngested revision processed. */
  revision: number;
  processedAt: string;
};

/** What an issue's `text` opens to (sealed under its conversation's key). */
export interface IssueText {
  title: string;
  summary: string;
  /** Best first, in the order of `keyPhraseHashes`. */
  keyPhrases: string[];
}

export interface RecordedIssue {
  issueId: string;
  /** Its conversation's metadata.createdAt: the week the weekly pulse counts it in. */
  createdAt: string;
  ingestedAt: string;
  source: string;
  text: Sealed;
  /** Hashed lemma → count: what clustering compares. */
  terms: Record<string, number>;
  /** The key phrases' hashes, best first: what a cluster's label is counted by. */
  keyPhraseHashes: string[];
}

export interface IssuePlacement {
  issueId: string;
  clusterId: string;
  /** The issue founded the cluster (clusterId = issueId). */
  founded: boolean;
}

export type WithdrawnIssue = { issueId: string; clusterId: string };

export type IssueEvent =
  | {
      type: 'ConversationIssuesExtracted';
      data: ConversationIssuesExtractedData & { extractor: string; issues: RecordedIssue[]; placements: IssuePlacement[] };
    }
  /** The conversation's issues leave their clusters: it was erased, or a newer revision replaces them. */
  | {
      type: 'ConversationIssuesWithdrawn';
      data: { organizationId: string; conversationId: string; reason: 'erased' | 'revised'; issues: WithdrawnIssue[]; withdrawnAt: string };
    };

export const insightsIssuesStream = (organizationId: string) => `insightsIssues-${organizationId}`;

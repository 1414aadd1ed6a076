/**
 * Issues and their clusters (the extraction process writes them; the issues and clusters projections read
 * them; fix/issue-clusters completes this file). The conversations projection reads one of them:
 * `ConversationIssuesExtracted` (type and the fields below are fixed) marks a conversation's revision
 * processed (its `processedAt`).
 */
export type ConversationIssuesExtractedData = {
  organizationId: string;
  conversationId: string;
  /** The ConversationIngested revision processed. */
  revision: number;
  processedAt: string;
};

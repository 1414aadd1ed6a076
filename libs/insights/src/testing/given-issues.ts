import { IssueEvent, RecordedIssue } from '../issues/issue.events';

/** Events of an organization's issues stream as specs give them (test support, beside the events it builds). */
export const givenSealed = (label: string) => ({ alg: 'A256GCM' as const, iv: 'aXY=', tag: 'dGFn', data: Buffer.from(label).toString('base64') });

export const givenIssue = (issueId: string, fields: Partial<RecordedIssue> = {}): RecordedIssue => ({
  issueId,
  createdAt: '2026-03-02T08:00:00.000Z',
  ingestedAt: '2026-03-03T09:00:00.000Z',
  source: 'zendesk',
  text: givenSealed(issueId),
  terms: { aa: 1, bb: 2 },
  keyPhraseHashes: ['p1'],
  ...fields,
});

export const givenExtracted = (
  conversationId: string,
  placed: { issue: RecordedIssue; clusterId: string }[],
  processedAt = '2026-03-03T10:00:00.000Z',
  revision = 1,
): IssueEvent => ({
  type: 'ConversationIssuesExtracted',
  data: {
    organizationId: 'o1',
    conversationId,
    revision,
    processedAt,
    extractor: 'default',
    issues: placed.map((p) => p.issue),
    placements: placed.map((p) => ({ issueId: p.issue.issueId, clusterId: p.clusterId, founded: p.issue.issueId === p.clusterId })),
  },
});

export const givenWithdrawn = (conversationId: string, issues: { issueId: string; clusterId: string }[], withdrawnAt = '2026-03-04T10:00:00.000Z'): IssueEvent => ({
  type: 'ConversationIssuesWithdrawn',
  data: { organizationId: 'o1', conversationId, reason: 'erased', issues, withdrawnAt },
});

import { Conflict } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { issueExtractionDecider, IssueExtractionCommand } from './issue-extraction.decider';
import { IssueEvent, RecordedIssue } from './issue.events';

const spec = deciderSpec(issueExtractionDecider);
const now = '2026-03-02T10:00:00.000Z';
const sealed = { alg: 'A256GCM' as const, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };

const issue = (issueId: string): RecordedIssue => ({
  issueId,
  createdAt: '2026-03-01T00:00:00.000Z',
  ingestedAt: '2026-03-02T09:00:00.000Z',
  source: 'zendesk',
  text: sealed,
  terms: { a1b2: 2 },
  keyPhraseHashes: ['c3d4'],
});

const record = (revision: number, issueIds: string[], clusterId = 'k1'): Extract<IssueExtractionCommand, { type: 'RecordExtraction' }> => ({
  type: 'RecordExtraction',
  organizationId: 'o1',
  conversationId: 'c1',
  revision,
  extractor: 'default',
  issues: issueIds.map(issue),
  placements: issueIds.map((issueId) => ({ issueId, clusterId, founded: false })),
  now,
});

const extracted = (revision: number, issueIds: string[], clusterId = 'k1'): IssueEvent => {
  const { type: _type, now: processedAt, ...rest } = record(revision, issueIds, clusterId);
  return { type: 'ConversationIssuesExtracted', data: { ...rest, processedAt } };
};

const withdrawn = (reason: 'erased' | 'revised', issueIds: string[], clusterId = 'k1'): IssueEvent => ({
  type: 'ConversationIssuesWithdrawn',
  data: { organizationId: 'o1', conversationId: 'c1', reason, issues: issueIds.map((issueId) => ({ issueId, clusterId })), withdrawnAt: now },
});

const erase = { type: 'WithdrawErased' as const, organizationId: 'o1', conversationId: 'c1', now };

describe('issueExtractionDecider', () => {
  it('records the first extraction of a conversation as one event', () => spec.given([]).when(record(1, ['i1', 'i2'])).then([extracted(1, ['i1', 'i2'])]));

  it('records a revision with no issues (it is processed all the same)', () => spec.given([]).when(record(1, [])).then([extracted(1, [])]));

  it('refuses a second extraction of the same revision (a re-run after a crash)', () =>
    spec.given([extracted(1, ['i1'])]).when(record(1, ['i9'])).thenThrows(Conflict, 'already extracted'));

  it('refuses an older revision than the one extracted', () => spec.given([extracted(2, ['i1'])]).when(record(1, ['i9'])).thenThrows(Conflict));

  it('withdraws the previous revision’s issues before a newer revision’s', () =>
    spec.given([extracted(1, ['i1', 'i2'])]).when(record(2, ['i3'], 'k2')).then([withdrawn('revised', ['i1', 'i2']), extracted(2, ['i3'], 'k2')]));

  it('withdraws nothing when the previous revision had no issues', () => spec.given([extracted(1, [])]).when(record(2, ['i3'])).then([extracted(2, ['i3'])]));

  it('refuses issues without exactly one placement each', () => {
    const command = { ...record(1, ['i1', 'i2']), placements: [{ issueId: 'i1', clusterId: 'k1', founded: true }] };
    spec.given([]).when(command).thenThrows(Error, 'exactly one placement');
  });

  it('withdraws an erased conversation’s issues, once', () => {
    spec.given([extracted(1, ['i1'])]).when(erase).then([withdrawn('erased', ['i1'])]);
    spec.given([extracted(1, ['i1']), withdrawn('erased', ['i1'])]).when(erase).then([]);
  });

  it('marks a conversation erased before it was extracted, and refuses to extract it afterwards', () => {
    spec.given([]).when(erase).then([withdrawn('erased', [])]);
    spec.given([withdrawn('erased', [])]).when(record(1, ['i1'])).thenThrows(Conflict, 'erased');
  });
});

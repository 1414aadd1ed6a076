import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { ConversationIssuesExtractedData } from '../issues/issue.events';
import { ConversationEvent } from './conversation.events';
import { conversationStream } from './conversation-stream';
import { ConversationDoc, conversationProjection, INSIGHTS_CONVERSATIONS } from './conversation.projection';

type Given = ConversationEvent | { type: 'ConversationIssuesExtracted'; data: ConversationIssuesExtractedData };

const spec = projectionSpec<Given>(conversationProjection, {
  stream: (e) => (e.type === 'ConversationIssuesExtracted' ? 'insightsIssues' : conversationStream(e.data.organizationId, e.data.conversationId)),
});
const organizationId = 'o1';
const sealed = (data: string) => ({ alg: 'A256GCM' as const, iv: 'iv', tag: 'tag', data });

const ingested = (conversationId: string, revision: number, source = 'zendesk', createdAt = '2026-03-01T09:00:00.000Z'): Given => ({
  type: 'ConversationIngested',
  data: { organizationId, conversationId, revision, source, createdAt, ingestedAt: `2026-03-02T00:00:0${revision}.000Z`, fingerprint: `f${revision}`, text: sealed(`${conversationId}.${revision}`), ingestedBy: 'u1' },
});
const extracted = (conversationId: string, revision: number): Given => ({
  type: 'ConversationIssuesExtracted',
  data: { organizationId, conversationId, revision, processedAt: `2026-03-03T00:00:0${revision}.000Z` },
});
const erased = (conversationId: string): Given => ({ type: 'ConversationErased', data: { organizationId, conversationId, erasedAt: '2026-03-04T00:00:00.000Z', erasedBy: 'u1' } });

const doc = (conversationId: string, revision: number, logPosition: string, extra: Partial<ConversationDoc> = {}): ConversationDoc => ({
  id: `${organizationId}/${conversationId}`,
  organizationId,
  conversationId,
  revision,
  source: 'zendesk',
  createdAt: '2026-03-01T09:00:00.000Z',
  ingestedAt: `2026-03-02T00:00:0${revision}.000Z`,
  text: sealed(`${conversationId}.${revision}`),
  logPosition,
  ...extra,
});

describe('conversations projection', () => {
  it('keeps a conversation with its text sealed as the event carried it', () =>
    spec.given([ingested('c1', 1)]).then(INSIGHTS_CONVERSATIONS, [doc('c1', 1, '1')]));

  it('replaces it with a new revision, which is not processed yet', () =>
    spec.given([ingested('c1', 1), extracted('c1', 1), ingested('c1', 2)]).thenDocument(INSIGHTS_CONVERSATIONS, 'o1/c1', doc('c1', 2, '3')));

  it('marks the current revision processed, and not by an older revision\u2019s extraction', () => {
    spec.given([ingested('c1', 1), extracted('c1', 1)]).thenDocument(INSIGHTS_CONVERSATIONS, 'o1/c1', doc('c1', 1, '1', { processedAt: '2026-03-03T00:00:01.000Z' }));
    spec.given([ingested('c1', 1), ingested('c1', 2), extracted('c1', 1)]).thenDocument(INSIGHTS_CONVERSATIONS, 'o1/c1', doc('c1', 2, '2'));
  });

  it('drops an erased conversation, and an extraction after it brings nothing back', () =>
    spec.given([ingested('c1', 1), ingested('c2', 1), erased('c1'), extracted('c1', 1)]).then(INSIGHTS_CONVERSATIONS, [doc('c2', 1, '2')]));

  it('lists newest first, of one source', () =>
    spec
      .given([ingested('c1', 1, 'zendesk', '2026-03-01T00:00:00.000Z'), ingested('c2', 1, 'intercom', '2026-03-03T00:00:00.000Z'), ingested('c3', 1, 'zendesk', '2026-03-02T00:00:00.000Z')])
      .thenFinds(INSIGHTS_CONVERSATIONS, { filter: { organizationId, source: 'zendesk' }, sort: { field: 'createdAt', direction: 'desc' } }, ['o1/c3', 'o1/c1']));

  it('is idempotent', () => spec.given([ingested('c1', 1), extracted('c1', 1), ingested('c2', 1), erased('c2')]).thenIdempotent());

  it('rebuilds identically', () => spec.given([ingested('c1', 1), extracted('c1', 1), ingested('c1', 2), ingested('c2', 1), erased('c2')]).thenRebuildsIdentically());
});

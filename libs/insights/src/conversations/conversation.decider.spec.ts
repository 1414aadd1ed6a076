import { Conflict } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { conversationDecider, ConversationCommand, IngestedText } from './conversation.decider';
import { ConversationEvent } from './conversation.events';

const spec = deciderSpec(conversationDecider);
const organizationId = 'o1';
const conversationId = 'c-1';
const now = '2026-03-02T10:00:00.000Z';
const sealed = (data: string) => ({ alg: 'A256GCM' as const, iv: 'iv', tag: 'tag', data });
const text = (fingerprint: string): IngestedText => ({ source: 'zendesk', createdAt: '2026-03-01T09:00:00.000Z', fingerprint, text: sealed(fingerprint) });

const ingest = (fingerprint: string): ConversationCommand => ({ type: 'IngestConversation', organizationId, conversationId, ingested: text(fingerprint), actor: 'u1', now });
const erase: ConversationCommand = { type: 'EraseConversation', organizationId, conversationId, actor: 'u1', now };
const ingested = (fingerprint: string, revision: number): ConversationEvent => ({
  type: 'ConversationIngested',
  data: { organizationId, conversationId, revision, ...text(fingerprint), ingestedAt: now, ingestedBy: 'u1' },
});
const erased: ConversationEvent = { type: 'ConversationErased', data: { organizationId, conversationId, erasedAt: now, erasedBy: 'u1' } };

describe('conversation decider', () => {
  it('ingests a new conversation as its first revision', () => spec.given([]).when(ingest('f1')).then([ingested('f1', 1)]));

  it('writes nothing for the same text sent again', () => spec.given([ingested('f1', 1)]).when(ingest('f1')).then([]));

  it('ingests changed text as the next revision', () => spec.given([ingested('f1', 1), ingested('f2', 2)]).when(ingest('f3')).then([ingested('f3', 3)]));

  it('takes back earlier text as a new revision (only the current one counts as the same)', () =>
    spec.given([ingested('f1', 1), ingested('f2', 2)]).when(ingest('f1')).then([ingested('f1', 3)]));

  it('erases an ingested conversation', () => spec.given([ingested('f1', 1)]).when(erase).then([erased]));

  it('erases nothing that was never ingested, or is erased already', () => {
    spec.given([]).when(erase).then([]);
    spec.given([ingested('f1', 1), erased]).when(erase).then([]);
  });

  it('refuses to ingest an erased conversation again', () => spec.given([ingested('f1', 1), erased]).when(ingest('f2')).thenThrows(Conflict, /was erased/));
});

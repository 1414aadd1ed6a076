import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { mapConcurrently } from '@folio/platform/concurrency/map-concurrently';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { SubjectErased } from '@folio/platform/crypto/subject-keys.port';
import { Conflict } from '@folio/platform/domain/errors';
import { InsightsAccess } from '../insights-access';
import { conversationDecider, IngestedText } from './conversation.decider';
import { ConversationInput } from './conversation.dto';
import { ConversationText, conversationSubject } from './conversation.events';
import { conversationStream } from './conversation-stream';
import { conversationSource } from './conversation-source';

/** Conversations of one request written at once: each waits for its key and its append. */
const INGEST_CONCURRENCY = 4;

/** Who may push conversations in may also erase them: the integration that sends a customer's conversations is the one that relays their erasure. */
const PERMISSION = 'ingestConversations';

/** The text as it is sealed: plain values only, `createdAt` normalized to UTC so lists order by it. */
function textOf(input: ConversationInput): ConversationText {
  const { url, attributes, createdAt } = input.metadata;
  return {
    subject: input.subject,
    metadata: { ...(url !== undefined ? { url } : {}), attributes: Object.fromEntries(Object.entries(attributes)), createdAt: new Date(createdAt).toISOString() },
    parts: input.parts.map(({ type, role, body }) => ({ type, role, body })),
  };
}

/**
 * Ingests validated conversations (the whole body was checked first). Each is its own stream: an array is
 * not atomic across conversations, but each ingest is idempotent (same text, no event), so a retry of a
 * request that failed half-way completes it.
 */
export class IngestConversations extends Command<void> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly conversations: ConversationInput[]) {
    super();
  }
}

@CommandHandler(IngestConversations)
export class IngestConversationsHandler implements ICommandHandler<IngestConversations> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: InsightsAccess,
    private readonly cipher: SubjectCipher,
  ) {}

  async execute({ caller, organizationId, conversations }: IngestConversations) {
    await this.access.allowed(caller, organizationId, PERMISSION, 'ingest conversations');
    await mapConcurrently(conversations, INGEST_CONCURRENCY, (input) => this.ingest(caller, organizationId, input));
  }

  private async ingest(caller: Caller, organizationId: string, input: ConversationInput): Promise<void> {
    const conversationId = input.id;
    const subject = conversationSubject(organizationId, conversationId);
    const text = textOf(input);
    let ingested: IngestedText;
    try {
      ingested = { source: conversationSource(text.metadata), createdAt: text.metadata.createdAt, fingerprint: await this.cipher.fingerprint(subject, text), text: await this.cipher.seal(subject, text) };
    } catch (error) {
      if (error instanceof SubjectErased) throw new Conflict(`conversation ${conversationId} was erased; it cannot be ingested again`);
      throw error;
    }
    await this.aggregates.handle(conversationStream(organizationId, conversationId), conversationDecider, { type: 'IngestConversation', organizationId, conversationId, ingested, actor: caller.userId }, caller);
  }
}

/**
 * Erases a conversation (crypto-shredding): its key is destroyed first, for good, then ConversationErased
 * is appended, which drops it from the read models. A crash in between leaves its text unreadable
 * everywhere already, and a retried DELETE (the stream is still `ingested`) completes it. Answers whether
 * there was a conversation to erase (205) or none (204: never ingested, or erased before).
 */
export class EraseConversation extends Command<boolean> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly conversationId: string) {
    super();
  }
}

@CommandHandler(EraseConversation)
export class EraseConversationHandler implements ICommandHandler<EraseConversation> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: InsightsAccess,
    private readonly cipher: SubjectCipher,
  ) {}

  async execute({ caller, organizationId, conversationId }: EraseConversation) {
    await this.access.allowed(caller, organizationId, PERMISSION, 'erase conversations');
    const stream = conversationStream(organizationId, conversationId);
    const { state } = await this.aggregates.load(stream, conversationDecider);
    if (state.status !== 'ingested') return false;
    await this.cipher.erase(conversationSubject(organizationId, conversationId));
    const { events } = await this.aggregates.handle(stream, conversationDecider, { type: 'EraseConversation', organizationId, conversationId, actor: caller.userId }, caller);
    return events.length > 0;
  }
}

export const conversationCommandHandlers = [IngestConversationsHandler, EraseConversationHandler];

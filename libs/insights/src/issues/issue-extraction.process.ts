import { Inject, Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { SubjectErased } from '@folio/platform/crypto/subject-keys.port';
import { Conflict } from '@folio/platform/domain/errors';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { newId } from '@folio/platform/ids';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ISSUE_EXTRACTOR, IssueExtractor } from '../analysis/issue-extraction';
import { ConversationEvent, conversationSubject, ConversationText } from '../conversations/conversation.events';
import { issueExtractionDecider } from './issue-extraction.decider';
import { insightsIssuesStream, IssueText, RecordedIssue } from './issue.events';
import { hashedTerms, termHash } from './term-hashes';
import { OrganizationIndexes } from './organization-indexes';

export const ISSUE_EXTRACTION = 'insights-issue-extraction';

type Ingested = Extract<ConversationEvent, { type: 'ConversationIngested' }>['data'];
type Erased = Extract<ConversationEvent, { type: 'ConversationErased' }>['data'];

/**
 * The extraction process: a process manager with its own checkpoint, reacting to each conversation
 * revision ingested and each erasure, and the only writer of the organizations' issues streams (in log
 * order, so placements are decided one at a time against the clusters as the log left them).
 *
 * A revision: its text opened (null: the conversation was erased since, nothing to do), its issues
 * extracted (ISSUE_EXTRACTOR, off the event loop), their terms and key phrases hashed and their text sealed
 * under the conversation's key, the previous revision's issues withdrawn from the organization's index and
 * each new issue placed, then all of it recorded as one append. A re-run after a crash finds the revision
 * extracted in the stream's state and does nothing (the decider refuses a second extraction, as it refuses
 * an erased conversation's); an append that fails drops the organization's index, rebuilt from its stream.
 */
@Injectable()
export class IssueExtractionProcess extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly cipher: SubjectCipher,
    @Inject(ISSUE_EXTRACTOR) private readonly extractor: IssueExtractor,
    private readonly indexes: OrganizationIndexes,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // Extraction of a large backlog (a bulk import, a restart with conversations pending) must not hold the API from listening.
    super(host, progress, ISSUE_EXTRACTION, 'background');
  }

  protected reactions() {
    return {
      ConversationIngested: (event: StoredEvent, caller: Caller) => this.extract(event.data as Ingested, caller),
      ConversationErased: (event: StoredEvent, caller: Caller) => this.withdrawErased(event.data as Erased, caller),
    };
  }

  async extract(conversation: Ingested, caller: Caller): Promise<void> {
    const { organizationId, conversationId, revision } = conversation;
    const stream = insightsIssuesStream(organizationId);
    const known = (await this.aggregates.load(stream, issueExtractionDecider)).state.conversations.get(conversationId);
    if (known && (known.erased || known.revision >= revision)) return;
    const issues = await this.recorded(conversation);
    if (issues === null) return;
    const held = await this.indexes.of(organizationId);
    held.withdraw(conversationId);
    const placements = held.place(
      conversationId,
      issues.map(({ issueId, terms }) => ({ issueId, terms })),
    );
    try {
      const command = { type: 'RecordExtraction' as const, organizationId, conversationId, revision, extractor: this.extractor.name, issues, placements };
      await this.aggregates.handle(stream, issueExtractionDecider, command, caller);
    } catch (error) {
      this.indexes.forget(organizationId);
      // Extracted or erased meanwhile (the stream says so): nothing is left to do.
      if (error instanceof Conflict) return;
      throw error;
    }
  }

  async withdrawErased({ organizationId, conversationId }: Erased, caller: Caller): Promise<void> {
    const command = { type: 'WithdrawErased' as const, organizationId, conversationId };
    const { events } = await this.aggregates.handle(insightsIssuesStream(organizationId), issueExtractionDecider, command, caller);
    if (events.length > 0) (await this.indexes.of(organizationId)).withdraw(conversationId);
  }

  /** The revision's issues as the stream records them, or null when its conversation's key is gone (erased). */
  private async recorded(conversation: Ingested): Promise<RecordedIssue[] | null> {
    const subject = conversationSubject(conversation.organizationId, conversation.conversationId);
    try {
      const text = await this.cipher.open<ConversationText>(subject, conversation.text);
      if (text === null) return null;
      const found = await this.extractor.extract(text);
      return await Promise.all(
        found.map(async (issue) => ({
          issueId: newId(),
          createdAt: conversation.createdAt,
          ingestedAt: conversation.ingestedAt,
          source: conversation.source,
          text: await this.cipher.seal(subject, { title: issue.title, summary: issue.summary, keyPhrases: issue.keyPhrases } satisfies IssueText),
          terms: hashedTerms(issue.terms),
          keyPhraseHashes: issue.keyPhrases.map(termHash),
        })),
      );
    } catch (error) {
      // Erased between the open and a seal: its ConversationErased, later in the log, withdraws what there is.
      if (error instanceof SubjectErased) return null;
      throw error;
    }
  }
}

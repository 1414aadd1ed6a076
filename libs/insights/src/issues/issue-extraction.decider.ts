import { BucketMap } from '@folio/platform/domain/bucket-map';
import { Decider } from '@folio/platform/domain/decider';
import { Conflict } from '@folio/platform/domain/errors';
import { IssueEvent, IssuePlacement, RecordedIssue, WithdrawnIssue } from './issue.events';

/** What the organization's stream knows of one conversation: its last revision processed and its issues now. */
export interface ConversationExtraction {
  revision: number;
  erased: boolean;
  issues: WithdrawnIssue[];
}

/** Conversation ids are the callers': a BucketMap (Maps inside, a write copies one bucket). */
export type IssueExtractionState = { conversations: BucketMap<ConversationExtraction> };

export type IssueExtractionCommand =
  | {
      type: 'RecordExtraction';
      organizationId: string;
      conversationId: string;
      revision: number;
      extractor: string;
      issues: RecordedIssue[];
      placements: IssuePlacement[];
      now: string;
    }
  | { type: 'WithdrawErased'; organizationId: string; conversationId: string; now: string };

const withdrawn = (organizationId: string, conversationId: string, reason: 'erased' | 'revised', issues: WithdrawnIssue[], now: string): IssueEvent => ({
  type: 'ConversationIssuesWithdrawn',
  data: { organizationId, conversationId, reason, issues, withdrawnAt: now },
});

/**
 * The organization's issues stream: each conversation revision is extracted once (a second extraction of
 * the same or an older revision is refused, so a re-run after a crash writes nothing), a newer revision
 * first withdraws the previous one's issues, an erased conversation is never extracted again.
 */
export const issueExtractionDecider: Decider<IssueExtractionCommand, IssueEvent, IssueExtractionState> = {
  initialState: { conversations: BucketMap.empty() },

  evolve(state, event) {
    const { conversationId } = event.data;
    const known = state.conversations.get(conversationId);
    switch (event.type) {
      case 'ConversationIssuesExtracted': {
        const issues = event.data.placements.map((p) => ({ issueId: p.issueId, clusterId: p.clusterId }));
        return { conversations: state.conversations.set(conversationId, { revision: event.data.revision, erased: false, issues }) };
      }
      case 'ConversationIssuesWithdrawn':
        return {
          conversations: state.conversations.set(conversationId, { revision: known?.revision ?? 0, erased: event.data.reason === 'erased', issues: [] }),
        };
    }
  },

  decide(command, state) {
    const known = state.conversations.get(command.conversationId);
    switch (command.type) {
      case 'RecordExtraction': {
        if (known?.erased) throw new Conflict('the conversation was erased');
        if (known && known.revision >= command.revision) throw new Conflict(`revision ${command.revision} of the conversation is already extracted`);
        const placed = new Set(command.placements.map((p) => p.issueId));
        if (placed.size !== command.issues.length || command.issues.some((i) => !placed.has(i.issueId))) throw new Error('every issue needs exactly one placement');
        const { organizationId, conversationId, revision, extractor, issues, placements, now } = command;
        return [
          ...(known?.issues.length ? [withdrawn(organizationId, conversationId, 'revised', known.issues, now)] : []),
          { type: 'ConversationIssuesExtracted', data: { organizationId, conversationId, revision, processedAt: now, extractor, issues, placements } },
        ];
      }
      case 'WithdrawErased':
        if (known?.erased) return [];
        return [withdrawn(command.organizationId, command.conversationId, 'erased', known?.issues ?? [], command.now)];
    }
  },
};

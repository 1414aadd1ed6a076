import { Decider } from '@folio/platform/domain/decider';
import { Conflict } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { ConversationEvent } from './conversation.events';

export type ConversationState =
  | { status: 'none' }
  | { status: 'ingested'; revision: number; fingerprint: string }
  | { status: 'erased' };

/** What the handler computed before deciding: the text sealed and fingerprinted under the conversation's key. */
export interface IngestedText {
  source: string;
  createdAt: string;
  fingerprint: string;
  text: Sealed;
}

export type ConversationCommand =
  | { type: 'IngestConversation'; organizationId: string; conversationId: string; ingested: IngestedText; actor: string; now: string }
  | { type: 'EraseConversation'; organizationId: string; conversationId: string; actor: string; now: string };

/**
 * A conversation pushed in by an organization. The same text sent again (same fingerprint) writes nothing,
 * so a retried or repeated ingest is harmless; other text is a new revision, processed again. Once erased,
 * its key is destroyed: an ingest under the same id is refused (409) rather than silently starting a new
 * life under a name the organization asked to forget (and no key could be made for it anyway).
 */
export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'ConversationIngested':
        return { status: 'ingested', revision: event.data.revision, fingerprint: event.data.fingerprint };
      case 'ConversationErased':
        return { status: 'erased' };
    }
  },

  decide(command, state) {
    const { organizationId, conversationId } = command;
    switch (command.type) {
      case 'IngestConversation': {
        if (state.status === 'erased') throw new Conflict(`conversation ${conversationId} was erased; it cannot be ingested again`);
        if (state.status === 'ingested' && state.fingerprint === command.ingested.fingerprint) return [];
        const revision = state.status === 'ingested' ? state.revision + 1 : 1;
        return [
          {
            type: 'ConversationIngested',
            data: { organizationId, conversationId, revision, ...command.ingested, ingestedAt: command.now, ingestedBy: command.actor },
          },
        ];
      }
      case 'EraseConversation':
        if (state.status !== 'ingested') return [];
        return [{ type: 'ConversationErased', data: { organizationId, conversationId, erasedAt: command.now, erasedBy: command.actor } }];
    }
  },
};

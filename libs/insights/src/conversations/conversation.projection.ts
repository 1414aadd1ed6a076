import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { Sealed } from '@folio/platform/domain/sealed';
import { defineProjection } from '@folio/platform/projections/projection';
import { ConversationIssuesExtractedData } from '../issues/issue.events';
import { ConversationEvent } from './conversation.events';

export const INSIGHTS_CONVERSATIONS = 'insightsConversations';

/**
 * One document per conversation, keyed `<organizationId>/<conversationId>` (so, within an organization, the
 * id order is the conversation ids'). Its text stays sealed under the conversation's key, as the event
 * carried it: the read model holds nothing readable of it, and a conversation whose key is destroyed
 * cannot be read from here either, whatever a rebuild replays.
 */
export interface ConversationDoc {
  id: string;
  organizationId: string;
  conversationId: string;
  revision: number;
  source: string;
  /** metadata.createdAt, the list's order. */
  createdAt: string;
  ingestedAt: string;
  /** When the current revision's issues were extracted; absent until they are. */
  processedAt?: string;
  text: Sealed;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

export const conversationDocId = (organizationId: string, conversationId: string) => `${organizationId}/${conversationId}`;

type ConversationsProjected = ConversationEvent | { type: 'ConversationIssuesExtracted'; data: ConversationIssuesExtractedData };

/** The organizations' conversations, indexed for the list (newest first, all or of one source). */
export const conversationProjection = defineProjection<ConversationsProjected>(
  'insights-conversations',
  [
    {
      name: INSIGHTS_CONVERSATIONS,
      indexes: [
        ['organizationId', 'createdAt'],
        ['organizationId', 'source', 'createdAt'],
      ],
    },
  ],
  {
    ConversationIngested: async ({ data, position }, tx) => {
      const id = conversationDocId(data.organizationId, data.conversationId);
      const doc = await tx.get<ConversationDoc>(INSIGHTS_CONVERSATIONS, id);
      if (doc && comparePositions(position, doc.logPosition) <= 0) return;
      const next: ConversationDoc = {
        id,
        organizationId: data.organizationId,
        conversationId: data.conversationId,
        revision: data.revision,
        source: data.source,
        createdAt: data.createdAt,
        ingestedAt: data.ingestedAt,
        text: data.text,
        logPosition: position,
      };
      await tx.upsert(INSIGHTS_CONVERSATIONS, next);
    },
    ConversationIssuesExtracted: async ({ data }, tx) => {
      const doc = await tx.get<ConversationDoc>(INSIGHTS_CONVERSATIONS, conversationDocId(data.organizationId, data.conversationId));
      // The extraction of an older revision says nothing of the current one.
      if (!doc || doc.revision !== data.revision || doc.processedAt !== undefined) return;
      await tx.upsert(INSIGHTS_CONVERSATIONS, { ...doc, processedAt: data.processedAt });
    },
    ConversationErased: async ({ data }, tx) => tx.delete(INSIGHTS_CONVERSATIONS, conversationDocId(data.organizationId, data.conversationId)),
  },
);

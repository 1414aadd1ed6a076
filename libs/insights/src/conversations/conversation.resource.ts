import { ConversationText } from './conversation.events';
import { ConversationDoc } from './conversation.projection';

/** The seed's Conversation, from its document and its text opened; `processedAt` once its issues are extracted. */
export function conversationResource(doc: ConversationDoc, text: ConversationText, publicUrl: string) {
  return {
    object: 'conversation' as const,
    id: doc.conversationId,
    subject: text.subject,
    createdAt: doc.createdAt,
    ...(doc.processedAt !== undefined ? { processedAt: doc.processedAt } : {}),
    source: doc.source,
    urls: {
      location: `${publicUrl}/v1/orgs/${doc.organizationId}/conversations/${encodeURIComponent(doc.conversationId)}`,
      ...(text.metadata.url !== undefined ? { source: text.metadata.url } : {}),
    },
  };
}

export type ConversationResource = ReturnType<typeof conversationResource>;

/** The seed's answer for one conversation: the resource, its parts and its metadata as ingested. */
export function conversationDetail(doc: ConversationDoc, text: ConversationText, publicUrl: string) {
  return { conversation: conversationResource(doc, text, publicUrl), parts: text.parts, metadata: text.metadata };
}

export type ConversationDetail = ReturnType<typeof conversationDetail>;

import { Sealed } from '@folio/platform/domain/sealed';

/**
 * A customer conversation an organization pushed in (the seed's ingest body). One stream per conversation,
 * named by the organization and a hash of the caller's id (ids from outside never name a stream as they are).
 * Its text (subject, metadata, parts) is personal data: events carry it only sealed under the conversation's
 * own key (`conversationSubject`), so an erasure that destroys the key leaves the log unreadable for it.
 */
export interface ConversationPart {
  type: 'message';
  role: string;
  body: string;
}

/** What is sealed: everything the caller sent but the id. */
export interface ConversationText {
  subject: string;
  metadata: { url?: string; attributes: Record<string, string>; createdAt: string };
  parts: ConversationPart[];
}

type ConversationRef = { organizationId: string; conversationId: string };

export type ConversationEvent =
  /**
   * Ingested for the first time, or again with other text (`revision` counts them): each revision is
   * processed (its issues extracted) once. `source` (attributes.source, else the URL's host, else `api`) and
   * `createdAt` (metadata.createdAt) stay readable: lists filter and the weekly pulse counts by them.
   * `fingerprint` (HMAC of the text under the key) tells a conversation sent again unchanged.
   */
  | {
      type: 'ConversationIngested';
      data: ConversationRef & { revision: number; source: string; createdAt: string; ingestedAt: string; fingerprint: string; text: Sealed; ingestedBy: string };
    }
  /** Erased (DELETE): its key destroyed first; every read model drops it and its issues. */
  | { type: 'ConversationErased'; data: ConversationRef & { erasedAt: string; erasedBy: string } };

/** The key subject of a conversation: what SubjectKeys keeps its key under. */
export const conversationSubject = (organizationId: string, conversationId: string) => `conversation:${organizationId}:${conversationId}`;


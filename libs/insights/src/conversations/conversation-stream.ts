import { createHash } from 'node:crypto';

/**
 * A conversation's stream: its organization and a hash of the caller's id (an id from outside may hold any
 * character; a stream name stays short and plain, and never the caller's text).
 */
export const conversationStream = (organizationId: string, conversationId: string) =>
  `insightsConversation-${organizationId}.${createHash('sha256').update(conversationId).digest('hex').slice(0, 32)}`;

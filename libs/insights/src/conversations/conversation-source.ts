import { ConversationText } from './conversation.events';

/**
 * Where a conversation came from, readable in clear (lists filter by it): the caller's `source` attribute
 * (an integration's name), else the host of its URL, else `api`.
 */
export function conversationSource(metadata: ConversationText['metadata']): string {
  if (Object.hasOwn(metadata.attributes, 'source') && metadata.attributes.source !== '') return metadata.attributes.source;
  if (metadata.url !== undefined) return new URL(metadata.url).host;
  return 'api';
}

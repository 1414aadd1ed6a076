import { BadRequestException } from '@nestjs/common';
import { MAX_MESSAGES, validatedBody } from '@folio/platform/http/validation';
import { ConversationInput, MAX_CONVERSATIONS_PER_REQUEST } from './conversation.dto';

/**
 * The ingest body: one conversation, or an array of 1 to 100 of them. Every one is validated before
 * anything is written, so a bad one refuses the whole request (400, nothing stored); reasons are prefixed
 * with the index of the item in an array (`item 3: parts.0.body …`).
 */
export async function conversationBatch(body: unknown): Promise<ConversationInput[]> {
  if (!Array.isArray(body)) return [await validatedBody(ConversationInput, body)];
  if (body.length < 1 || body.length > MAX_CONVERSATIONS_PER_REQUEST) {
    throw new BadRequestException(`the body must be a conversation or an array of 1 to ${MAX_CONVERSATIONS_PER_REQUEST} of them`);
  }
  const reasons: string[] = [];
  const items: ConversationInput[] = [];
  for (const [i, item] of body.entries()) {
    try {
      items.push(await validatedBody(ConversationInput, item));
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      reasons.push(`item ${i}: ${error.message}`);
      if (reasons.length >= MAX_MESSAGES) break;
    }
  }
  if (reasons.length > 0) throw new BadRequestException(reasons.join('; '));
  return items;
}

import { BadRequestException } from '@nestjs/common';
import { MAX_MESSAGES, validatedBody } from '@folio/platform/http/validation';
import { ATTRIBUTES_RULE, ConversationInput, isAttributes, MAX_CONVERSATIONS_PER_REQUEST } from './conversation.dto';

/**
 * The ingest body: one conversation, or an array of 1 to 100 of them. Every one is validated before
 * anything is written, so a bad one refuses the whole request (400, nothing stored); reasons are prefixed
 * with the index of the item in an array (`item 3: parts.0.body …`).
 */
export async function conversationBatch(body: unknown): Promise<ConversationInput[]> {
  if (!Array.isArray(body)) return [await conversationInput(body)];
  if (body.length < 1 || body.length > MAX_CONVERSATIONS_PER_REQUEST) {
    throw new BadRequestException(`the body must be a conversation or an array of 1 to ${MAX_CONVERSATIONS_PER_REQUEST} of them`);
  }
  const reasons: string[] = [];
  const items: ConversationInput[] = [];
  for (const [i, item] of body.entries()) {
    try {
      items.push(await conversationInput(item));
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      reasons.push(`item ${i}: ${error.message}`);
      if (reasons.length >= MAX_MESSAGES) break;
    }
  }
  if (reasons.length > 0) throw new BadRequestException(reasons.join('; '));
  return items;
}

/** An own property of a JSON value, if it is an object. */
const own = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined);

/**
 * One conversation validated, its `attributes` the body's own map: class-transformer's copy of a map skips
 * keys named as Object.prototype's methods (`toString`: silently lost, and never judged), so the map is
 * judged and copied from the body itself.
 */
async function conversationInput(item: unknown): Promise<ConversationInput> {
  const input = await validatedBody(ConversationInput, item);
  const attributes = own(own(item, 'metadata'), 'attributes');
  if (!isAttributes(attributes)) throw new BadRequestException(`metadata.${ATTRIBUTES_RULE}`);
  input.metadata.attributes = Object.fromEntries(Object.entries(attributes));
  return input;
}

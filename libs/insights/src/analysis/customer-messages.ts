import { ConversationPart, ConversationText } from '../conversations/conversation.events';

/**
 * The `role` values that are the customer's (compared lower-cased, spaces, `_` and `-` ignored). Support
 * tools name the two sides differently (Intercom `user`/`lead`/`contact` vs `admin`/`bot`, Zendesk
 * `end-user`/`requester` vs `agent`, chat APIs `user` vs `assistant`/`system`): a role not listed here
 * (assistant, agent, bot, system, operator, admin, support…) is not the customer, so an unknown role is
 * left out rather than have an agent's answer counted as a customer's problem.
 */
export const CUSTOMER_ROLES: ReadonlySet<string> = new Set(['user', 'customer', 'visitor', 'enduser', 'client', 'contact', 'lead', 'requester', 'human']);

export const isCustomerRole = (role: string): boolean => CUSTOMER_ROLES.has(role.toLowerCase().replace(/[\s_-]/g, ''));

/**
 * How much of a conversation's customer text is analysed: the first 20,000 characters of its customer
 * messages' bodies (as sent, markup included). A conversation may hold 200 parts of 64 KiB; the problems a
 * customer reports come first, and the analysis (tokenizing, tagging) grows with the text, so it is bounded
 * before it starts, and before the text is handed to a worker thread (analysedText).
 */
export const MAX_ANALYSED_CHARACTERS = 20_000;
/** How much of the subject is read (its terms add to every issue's, its key phrases stand in for missing ones). */
export const MAX_SUBJECT_CHARACTERS = 500;

/**
 * What of a conversation is analysed: its subject's first MAX_SUBJECT_CHARACTERS, and its customer messages
 * in order, cut to MAX_ANALYSED_CHARACTERS together. Cheap (it copies at most that much), so the main thread
 * bounds what it hands over; analysing it again gives the same text.
 */
export function analysedText(text: ConversationText): ConversationText {
  const parts: ConversationPart[] = [];
  let left = MAX_ANALYSED_CHARACTERS;
  for (const part of text.parts) {
    if (left <= 0) break;
    if (part.type !== 'message' || !isCustomerRole(part.role)) continue;
    const body = part.body.slice(0, left);
    parts.push({ ...part, body });
    left -= body.length;
  }
  return { subject: text.subject.slice(0, MAX_SUBJECT_CHARACTERS), metadata: text.metadata, parts };
}

/** The customer's messages (analysedText) as plain text, in order, empty ones left out. */
export const customerMessages = (text: ConversationText): string[] =>
  analysedText(text)
    .parts.map((part) => plainText(part.body))
    .filter(Boolean);

export const plainSubject = (subject: string): string => plainText(subject.slice(0, MAX_SUBJECT_CHARACTERS));

const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "'"],
  ['&apos;', "'"],
  ['&nbsp;', ' '],
]);

/**
 * Message bodies from support tools are often HTML (Intercom's `<p>…</p>`): tags become spaces and the common
 * entities their characters. The tag pattern never scans past the next `<`, so it is linear in the text.
 */
function plainText(body: string): string {
  return body
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39|apos|nbsp);/g, (entity) => ENTITIES.get(entity) ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

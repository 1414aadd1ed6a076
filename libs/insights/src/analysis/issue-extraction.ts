import { ConversationText } from '../conversations/conversation.events';

/**
 * One documentation issue a conversation reveals: what a writer reads (`title`, `summary`), and what
 * clustering compares (`terms`: lemmas with their counts in the issue, stop words left out; `keyPhrases`:
 * its lemmatized key phrases, best first, the first of which can label a cluster).
 */
export interface ExtractedIssue {
  title: string;
  summary: string;
  keyPhrases: string[];
  terms: Record<string, number>;
}

/**
 * Finds the issues of a conversation's user messages (never the agent's). Deterministic for the default
 * extractor (the same text gives the same issues); the LLM one falls back to the default when its endpoint fails.
 */
export interface IssueExtractor {
  readonly name: 'default' | 'llm';
  extract(conversation: ConversationText): Promise<ExtractedIssue[]>;
}

export const ISSUE_EXTRACTOR = Symbol('IssueExtractor');

import { Logger } from '@nestjs/common';
import { requestJson, ServiceLimits } from '@folio/platform/http-client/service-request';
import { ConversationText } from '../conversations/conversation.events';
import { customerMessages, plainSubject } from './customer-messages';
import { IssueExtraction } from './default-issue-extraction';
import { ExtractedIssue, IssueExtractor } from './issue-extraction';
import { issuesOfCompletion, LlmIssue, MAX_LLM_ISSUES } from './llm-answer';

/** A completion may take 30 s (a local model on a CPU is slow); its answer is read up to 1 MiB. */
export const LLM_LIMITS: ServiceLimits = { timeoutMs: 30_000, maxBytes: 1024 * 1024 };

export interface LlmSettings {
  /** The OpenAI-compatible API's base, without its trailing slash (INSIGHTS_LLM_URL, e.g. Ollama's http://localhost:11434/v1). */
  url: string;
  model: string;
  apiKey?: string;
}

const SERVICE = 'The insights LLM';

const INSTRUCTIONS = [
  'You read a conversation between a customer and a support team, and find the documentation issues it reveals:',
  'what the customer could not do, could not find, did not understand, or found wrong or outdated.',
  'Only the customer messages given are read; greetings and thanks are no issues.',
  `Answer with JSON only: {"issues": [{"title": string, "summary": string, "keyPhrases": [string]}]}, at most ${MAX_LLM_ISSUES} issues,`,
  'one per distinct topic. title: a short statement of the problem (at most 100 characters, e.g. "Cannot configure webhooks").',
  'summary: one or two sentences saying what the customer needed. keyPhrases: up to 5 short noun phrases naming the topic, most important first.',
  'When there is no documentation issue, answer {"issues": []}.',
].join(' ');

/**
 * The LLM extractor: an OpenAI-compatible chat completion (POST {url}/chat/completions, temperature 0, JSON
 * answer) finds the issues of the customer's messages (the same ones, bounded the same, as the default reads);
 * their terms are the default pipeline's lemmas of title, summary and key phrases, so issues from either
 * extractor cluster together. Any failure (unreachable, slow, non-200, an answer not as asked) is a warning
 * naming the failure, never the text, and the default extractor answers for that conversation.
 */
export class LlmIssueExtractor implements IssueExtractor {
  readonly name = 'llm' as const;

  constructor(
    private readonly settings: LlmSettings,
    private readonly fallback: IssueExtraction,
    private readonly limits: ServiceLimits = LLM_LIMITS,
    private readonly logger = new Logger('insights'),
  ) {}

  async extract(text: ConversationText): Promise<ExtractedIssue[]> {
    const messages = customerMessages(text);
    if (!messages.length) return [];
    let found: LlmIssue[];
    try {
      found = await this.complete(plainSubject(text.subject), messages);
    } catch (error) {
      this.logger.warn(`${SERVICE} failed (${error instanceof Error ? error.message : String(error)}): the default extractor extracts this conversation's issues`);
      return this.fallback.extract(text);
    }
    const terms = await this.fallback.terms(found.map((issue) => [issue.title, issue.summary, ...issue.keyPhrases]));
    return found.map((issue, i) => ({ ...issue, terms: terms[i] }));
  }

  private async complete(subject: string, messages: string[]): Promise<LlmIssue[]> {
    const conversation = [`Subject: ${subject}`, '', 'Customer messages:', ...messages.map((message) => `- ${message}`)].join('\n');
    const answer = await requestJson(
      SERVICE,
      `${this.settings.url}/chat/completions`,
      {
        method: 'POST',
        headers: this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {},
        body: {
          model: this.settings.model,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: conversation },
          ],
          temperature: 0,
          response_format: { type: 'json_object' },
        },
      },
      this.limits,
    );
    // The status only: an error body may quote the request.
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
    return issuesOfCompletion(answer.json);
  }
}

import { clip, MAX_KEY_PHRASES, MAX_SUMMARY_CHARACTERS, MAX_TITLE_CHARACTERS } from './issue-bounds';

/** An issue as the model words it; its terms are computed here, never taken from the model. */
export interface LlmIssue {
  title: string;
  summary: string;
  keyPhrases: string[];
}

/** Issues one answer may hold (the prompt asks for at most this many). */
export const MAX_LLM_ISSUES = 10;
/**
 * What an answer's fields may hold: past this the answer is not the one asked for and is refused; within it,
 * fields are cut to an issue's sizes (issue-bounds.ts), since models keep length limits only roughly.
 */
const MAX_ANSWER_TITLE = 300;
const MAX_ANSWER_SUMMARY = 4_000;
const MAX_ANSWER_PHRASES = 20;
const MAX_ANSWER_PHRASE = 200;

/** Why an answer is refused. Its message names the field, never its text (which derives from the conversation). */
export class LlmAnswerInvalid extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmAnswerInvalid';
  }
}

/**
 * The issues of an OpenAI chat completion (`choices[0].message.content` holding `{issues: [{title, summary,
 * keyPhrases}]}`), checked strictly: every field of its type and within bounds, own properties only.
 */
export function issuesOfCompletion(completion: unknown): LlmIssue[] {
  const choices = field(completion, 'choices');
  if (!Array.isArray(choices) || !choices.length) throw new LlmAnswerInvalid('the answer has no choices');
  const content = field(field(choices[0], 'message'), 'content');
  if (typeof content !== 'string') throw new LlmAnswerInvalid('choices[0].message.content is not a string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new LlmAnswerInvalid('choices[0].message.content is not JSON');
  }
  const issues = field(parsed, 'issues');
  if (!Array.isArray(issues)) throw new LlmAnswerInvalid('the content has no issues list');
  if (issues.length > MAX_LLM_ISSUES) throw new LlmAnswerInvalid(`the content lists ${issues.length} issues, more than ${MAX_LLM_ISSUES}`);
  return issues.map((issue: unknown, i) => issueOf(issue, `issues[${i}]`));
}

function issueOf(issue: unknown, at: string): LlmIssue {
  const title = text(field(issue, 'title'), MAX_ANSWER_TITLE, `${at}.title`);
  const summary = text(field(issue, 'summary'), MAX_ANSWER_SUMMARY, `${at}.summary`);
  const phrases = field(issue, 'keyPhrases');
  if (!Array.isArray(phrases) || phrases.length > MAX_ANSWER_PHRASES) throw new LlmAnswerInvalid(`${at}.keyPhrases is not a list of at most ${MAX_ANSWER_PHRASES}`);
  const keyPhrases = phrases.map((phrase: unknown, j) => text(phrase, MAX_ANSWER_PHRASE, `${at}.keyPhrases[${j}]`).toLowerCase());
  return {
    title: clip(title, MAX_TITLE_CHARACTERS),
    summary: clip(summary, MAX_SUMMARY_CHARACTERS),
    keyPhrases: [...new Set(keyPhrases)].slice(0, MAX_KEY_PHRASES),
  };
}

/** A value's own property (undefined for anything else: an inherited `constructor` is no field). */
function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/** A string of 1 to `max` characters once its spaces are collapsed. */
function text(value: unknown, max: number, at: string): string {
  const collapsed = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  if (!collapsed || collapsed.length > max) throw new LlmAnswerInvalid(`${at} is not a string of 1 to ${max} characters`);
  return collapsed;
}

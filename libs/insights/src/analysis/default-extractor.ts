import { ConversationText } from '../conversations/conversation.events';
import { Sentence, sentencesOf, Token } from './english';
import { customerMessages, plainSubject } from './customer-messages';
import { clip, MAX_KEY_PHRASES, MAX_SUMMARY_CHARACTERS, MAX_TITLE_CHARACTERS } from './issue-bounds';
import { ExtractedIssue } from './issue-extraction';
import { contentLemmas, termCounts } from './issue-terms';
import { nounPhrases, placedPhrases, rankPhrases } from './key-phrases';
import { ACTION_CUES, Cue, findCue } from './problem-cues';

/** Issues one conversation yields at most: the first ones its customer raises. */
export const MAX_ISSUES_PER_CONVERSATION = 5;
/** A cue sentence shorter than this many words ("It fails.") takes a sentence beside it as context. */
const SHORT_SENTENCE_WORDS = 8;
/** How far after a cue its verb is looked for ("can't [really] configure", "how do I set up"). */
const VERB_REACH = 3;
const PARTICLES: ReadonlySet<string> = new Set(['up', 'out', 'in', 'on', 'off', 'back']);

/** An issue being gathered: what merges into it shares its main key phrase (`key`). */
interface Gathered {
  title: string;
  main: string | null;
  sentences: Sentence[];
}

/**
 * The default extractor (deterministic, offline): the issues of a conversation's customer messages
 * (customerMessages: roles, bound). Each sentence with a problem cue (problem-cues.ts) yields an issue, with the
 * sentence beside it when it is short; issues that share their main key phrase (the cue sentence's topic,
 * else its context's best phrase, else the subject's) merge; at most MAX_ISSUES_PER_CONVERSATION. The subject
 * adds to each issue's terms (it names the conversation's topic) and gives key phrases to an issue without any.
 */
export function extractIssues(text: ConversationText): ExtractedIssue[] {
  const subject = sentencesOf(plainSubject(text.subject));
  const subjectPhrases = rankPhrases(subject.flatMap((sentence) => nounPhrases(sentence.tokens)));
  const gathered = new Map<string, Gathered>();
  for (const message of customerMessages(text)) {
    const sentences = sentencesOf(message);
    sentences.forEach((sentence, i) => {
      const cue = findCue(sentence.tokens);
      if (!cue) return;
      const context = words(sentence.tokens) < SHORT_SENTENCE_WORDS ? contextOf(sentences[i + 1]) ?? contextOf(sentences[i - 1]) : null;
      const main = mainPhrase(sentence, cue) ?? (context && rankPhrases(nounPhrases(context.tokens))[0]) ?? subjectPhrases[0] ?? null;
      // In the text's order: a context before the cue sentence comes first.
      const told = !context ? [sentence] : context === sentences[i - 1] ? [context, sentence] : [sentence, context];
      const key = main ?? sentence.text.toLowerCase();
      const issue = gathered.get(key);
      if (issue) issue.sentences.push(...told.filter((one) => !issue.sentences.includes(one)));
      else if (gathered.size < MAX_ISSUES_PER_CONVERSATION) gathered.set(key, { title: titleOf(cue, sentence, main), main, sentences: told });
    });
  }
  return [...gathered.values()].map((issue) => ({
    title: issue.title,
    summary: clip(issue.sentences.map((sentence) => sentence.text).join(' '), MAX_SUMMARY_CHARACTERS),
    keyPhrases: keyPhrasesOf(issue, subjectPhrases),
    terms: termCounts([...issue.sentences, ...subject].flatMap((one) => contentLemmas(one.tokens))),
  }));
}

/** The terms of texts (an issue another extractor found): the same lemmas and counts as an extracted issue's. */
export const termsOf = (texts: string[]): Record<string, number> => termCounts(texts.flatMap((text) => sentencesOf(text)).flatMap((one) => contentLemmas(one.tokens)));

/**
 * A sentence beside a short cue sentence (the one after, else the one before) as its context, when it names
 * something ("It fails. The webhook page, I mean.") and is no problem of its own (that one is an issue itself).
 */
const contextOf = (beside: Sentence | undefined): Sentence | null => (beside && !findCue(beside.tokens) && nounPhrases(beside.tokens).length ? beside : null);

/**
 * The topic of a cue sentence: the first noun phrase after an action cue ("can't configure the webhooks": webhook),
 * the first before any other ("the DNS verification keeps failing": dns verification), else its best phrase.
 */
function mainPhrase(sentence: Sentence, cue: Cue): string | null {
  const placed = placedPhrases(sentence.tokens);
  const topic = ACTION_CUES.has(cue.kind) ? placed.find((one) => one.at >= cue.end) : placed.find((one) => one.at < cue.start);
  return topic?.phrase ?? rankPhrases(placed.map((one) => one.phrase))[0] ?? null;
}

/** The main key phrase first, then the issue's others, best first; the subject's when it has none. */
function keyPhrasesOf(issue: Gathered, subjectPhrases: string[]): string[] {
  const own = rankPhrases(issue.sentences.flatMap((one) => nounPhrases(one.tokens)));
  return [...new Set([...(issue.main ? [issue.main] : []), ...(own.length ? own : subjectPhrases)])].slice(0, MAX_KEY_PHRASES);
}

const words = (tokens: Token[]) => tokens.filter((token) => token.type === 'word').length;

/**
 * A short statement of the issue from its cue and main key phrase ("Cannot configure webhook", "How to set up
 * sso", "Error with api key"), or the sentence itself when it has no key phrase.
 */
function titleOf(cue: Cue, sentence: Sentence, main: string | null): string {
  if (!main) return clip(sentence.text, MAX_TITLE_CHARACTERS);
  const verb = verbAfter(sentence.tokens, cue.end);
  const statements: Record<Cue['kind'], string> = {
    cannot: verb ? `Cannot ${verb} ${main}` : `Cannot use ${main}`,
    'how-to': verb ? `How to ${verb} ${main}` : `Question about ${main}`,
    where: verb && verb !== 'find' ? `Where to ${verb} ${main}` : `Cannot find ${main}`,
    missing: `${main} missing`,
    error: `Error with ${main}`,
    failure: `${main} not working`,
    unclear: `Unclear documentation for ${main}`,
    outdated: `Outdated documentation for ${main}`,
    wrong: `Wrong information about ${main}`,
  };
  const title = statements[cue.kind];
  return clip(title[0].toUpperCase() + title.slice(1), MAX_TITLE_CHARACTERS);
}

/** The verb a cue bears on, with its particle ("set up"), when it follows within VERB_REACH tokens. */
function verbAfter(tokens: Token[], from: number): string | null {
  for (let i = from; i < Math.min(tokens.length, from + VERB_REACH); i++) {
    if (tokens[i].pos !== 'VERB') continue;
    const next = tokens[i + 1];
    return next && PARTICLES.has(next.normal) && (next.pos === 'ADP' || next.pos === 'PART') ? `${tokens[i].lemma} ${next.normal}` : tokens[i].lemma;
  }
  return null;
}

import { Token } from './english';

/** What kind of problem a sentence reports: it words the title. */
export type CueKind = 'cannot' | 'how-to' | 'where' | 'missing' | 'error' | 'failure' | 'unclear' | 'outdated' | 'wrong';

/**
 * Cues of an action the customer could not take ("can't configure X", "how do I set up X", "where is X", "I don't see X"):
 * their topic follows them. The others say what is wrong with their topic, which comes first ("X fails").
 */
export const ACTION_CUES: ReadonlySet<CueKind> = new Set(['cannot', 'how-to', 'where']);

/**
 * The problem cues, as words each matching a token's lemma or its lower-cased form, so one cue covers its
 * inflections ("fail" finds fails, failed, failing; "not work" finds doesn't work, isn't working, won't work;
 * "where be" finds where is, where are). Contractions are tokens of their own ("can't" is can + not).
 */
const CUES: ReadonlyArray<readonly [CueKind, string]> = [
  ['cannot', 'can not'],
  ['cannot', 'cannot'],
  ['cannot', 'unable'],
  ['cannot', 'not able'],
  ['how-to', 'how do'],
  ['how-to', 'how to'],
  ['how-to', 'how can'],
  ['how-to', 'how should'],
  ['how-to', 'be there a way'],
  ['how-to', 'be it possible'],
  ['where', 'where be'],
  ['where', 'where can'],
  ['where', 'where do'],
  ['missing', 'missing'],
  ['where', 'not find'],
  ['missing', 'not found'],
  ['where', 'not see'],
  ['missing', 'not show'],
  ['missing', 'nowhere'],
  ['error', 'error'],
  ['error', 'exception'],
  ['error', 'invalid'],
  ['error', 'deny'],
  ['error', '400'],
  ['error', '401'],
  ['error', '403'],
  ['error', '404'],
  ['error', '500'],
  ['error', '502'],
  ['error', '503'],
  ['failure', 'fail'],
  ['failure', 'failure'],
  ['failure', 'crash'],
  ['failure', 'timeout'],
  ['failure', 'time out'],
  ['failure', 'not work'],
  ['failure', 'not load'],
  ['failure', 'not render'],
  ['failure', 'not display'],
  ['failure', 'not appear'],
  ['failure', 'not update'],
  ['failure', 'not sync'],
  ['failure', 'not save'],
  ['failure', 'not open'],
  ['failure', 'not respond'],
  ['failure', 'not connect'],
  ['failure', 'not build'],
  ['failure', 'not publish'],
  ['failure', 'not trigger'],
  ['failure', 'stuck'],
  ['failure', 'broken'],
  ['failure', 'break'],
  ['failure', 'bug'],
  ['unclear', 'confusing'],
  ['unclear', 'confuse'],
  ['unclear', 'unclear'],
  ['unclear', 'not clear'],
  ['unclear', 'not understand'],
  ['unclear', 'hard to'],
  ['unclear', 'difficult to'],
  ['outdated', 'outdated'],
  ['outdated', 'out of date'],
  ['outdated', 'deprecated'],
  ['outdated', 'obsolete'],
  ['wrong', 'wrong'],
  ['wrong', 'incorrect'],
  ['wrong', 'inaccurate'],
  ['wrong', 'typo'],
  ['wrong', 'mistake'],
];

const PATTERNS = CUES.map(([kind, words]) => ({ kind, words: words.split(' ') }));

/** The single words of the cues: never part of a key phrase ("error", "typo" say what is wrong, not with what). */
export const CUE_WORDS: ReadonlySet<string> = new Set(PATTERNS.filter((cue) => cue.words.length === 1).map((cue) => cue.words[0]));

/** A cue found in a sentence: its kind and the tokens it spans. */
export interface Cue {
  kind: CueKind;
  start: number;
  end: number;
}

/** Words that deny a cue just before it: "no errors anymore", "without failing". */
const DENIALS: ReadonlySet<string> = new Set(['no', 'without', 'never']);
const DENIAL_REACH = 2;

/** The first problem cue of a sentence (the longest one where several start together), or null. */
export function findCue(tokens: Token[]): Cue | null {
  for (let start = 0; start < tokens.length; start++) {
    let found: Cue | null = null;
    for (const { kind, words } of PATTERNS) {
      if ((!found || words.length > found.end - found.start) && matchesAt(tokens, start, words)) found = { kind, start, end: start + words.length };
    }
    if (found && !denied(tokens, start)) return found;
  }
  return null;
}

function matchesAt(tokens: Token[], start: number, words: string[]): boolean {
  if (start + words.length > tokens.length) return false;
  return words.every((word, i) => tokens[start + i].lemma === word || tokens[start + i].normal === word);
}

function denied(tokens: Token[], start: number): boolean {
  for (let i = Math.max(0, start - DENIAL_REACH); i < start; i++) if (DENIALS.has(tokens[i].normal)) return true;
  return false;
}
